/**
 * Why something in the member area is locked and the one step that opens it (spec §6): a visitor logs in, a member
 * subscribes, a subscriber upgrades — to the cheapest tier that opens it (contracts/benefits.ts `lockReasonFor`).
 */

import { __iconData as lockShape } from 'lucide-react/icons/lock'
import { useLocation } from 'react-router'
import { Badge } from '#app/components/badge.tsx'
import { buttonClassName } from '#app/components/button.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { loginHref } from '#app/features/account/account-menu.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { LockReason } from '#contracts/benefits.ts'

const Lock = outlineIcon(lockShape)

export function LockPrompt({
  reason,
  what,
  compact = false,
}: {
  reason: LockReason
  /** What is locked, as a short phrase in the reader's language ("this lesson", "exclusive strategies"). */
  what: string
  /** A line with a link, for inside a list row, instead of a card. */
  compact?: boolean
}) {
  const { t } = useTranslation(['member', 'plans'])
  const location = useLocation()
  const tierName = reason.kind === 'logIn' ? '' : t(`plans:subscribe.tiers.${reason.tier}`)
  const message = t(`lock.${reason.kind}`, { what, tier: tierName })
  const href =
    reason.kind === 'logIn' ? loginHref(location.pathname, location.search) : `/subscribe?tier=${reason.tier}`
  const action = t(`lock.${reason.kind}Action`, { tier: tierName })
  if (compact)
    return (
      <p
        className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-800"
        data-testid="lock-prompt"
      >
        <Lock className="size-4 shrink-0 text-ink-700" aria-hidden="true" />
        <span>{message}</span>
        <PageLink to={href} className="font-medium text-brand-700 underline underline-offset-2">
          {action}
        </PageLink>
      </p>
    )
  return (
    <div
      className="flex flex-col gap-3 rounded-card border border-ink-100 bg-ink-50 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="lock-prompt"
    >
      <p className="flex items-start gap-2 text-sm text-ink-900">
        <Lock className="mt-0.5 size-4 shrink-0 text-ink-700" aria-hidden="true" />
        <span>{message}</span>
      </p>
      <PageLink to={href} className={buttonClassName('primary')}>
        {action}
      </PageLink>
    </div>
  )
}

/** The label every seeded sample item carries (demo data is always labelled). */
export function SampleBadge() {
  const { t } = useTranslation('member')
  return (
    <span title={t('sampleExplanation')}>
      <Badge tone="warn">{t('sample')}</Badge>
    </span>
  )
}
