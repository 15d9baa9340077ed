/**
 * The three changes support makes to a member (/console/members/:id): grant a plan, end the plan now, log the
 * member out everywhere. Each asks for a reason (kept in the audit log and the plan history) and a confirmation
 * first; what it did is said at the top of the member's page (`action`), which then loads the member again.
 */
import { type ReactNode, useState } from 'react'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { billingPeriods, billingTiers } from '#contracts/billing-rules.ts'
import {
  type ConsoleMemberView,
  type EndedSessions,
  memberReasonMaxLength,
} from '#contracts/console-members-rules.ts'
import { consoleApi } from './console-client.ts'
import { SelectField, TextAreaField } from './console-ui.tsx'
import type { ConsoleAction } from './use-console-action.ts'

type Tier = (typeof billingTiers)[number]
type Period = (typeof billingPeriods)[number]
type PendingChange = 'grant' | 'end' | 'sessions'

export function MemberChanges({
  view,
  isOwnAccount,
  action,
  onChanged,
}: {
  view: ConsoleMemberView
  /** The staff member's own account: nobody grants a plan to themselves (the API refuses it too). */
  isOwnAccount: boolean
  action: ConsoleAction
  onChanged(): void
}) {
  const { t } = useTranslation(['console', 'console-members'], { nsMode: 'fallback' })
  const [tier, setTier] = useState<Tier>('plus')
  const [period, setPeriod] = useState<Period>('month')
  const [endsOn, setEndsOn] = useState('')
  const [grantReason, setGrantReason] = useState('')
  const [endReason, setEndReason] = useState('')
  const [sessionsReason, setSessionsReason] = useState('')
  const [pending, setPending] = useState<PendingChange | null>(null)
  const { memberId, plan } = view

  const change = (kind: PendingChange) =>
    action.run(async () => {
      let notice: string
      if (kind === 'grant') {
        await consoleApi.post(`/members/${memberId}/plan`, { tier, period, endsOn, reason: grantReason })
        setGrantReason('')
        notice = t('members.granted', { tier: t(`members.tiers.${tier}`) })
      } else if (kind === 'end') {
        await consoleApi.post(`/members/${memberId}/plan/end`, { reason: endReason })
        setEndReason('')
        notice = t('members.planEnded')
      } else {
        const { ended } = await consoleApi.post<EndedSessions>(`/members/${memberId}/sessions/end`, {
          reason: sessionsReason,
        })
        setSessionsReason('')
        notice = t('members.sessionsEnded', { count: ended })
      }
      onChanged()
      return notice
    })

  const confirmations: Record<PendingChange, { title: string; description: string; isDanger: boolean }> = {
    grant: {
      title: t('members.grant'),
      description: t('members.grantConfirm', {
        phone: view.phone,
        tier: t(`members.tiers.${tier}`),
        period: endsOn || t(`members.periods.${period}`),
        reason: grantReason,
      }),
      isDanger: false,
    },
    end: {
      title: t('members.endPlan'),
      description: t('members.endPlanConfirm', {
        phone: view.phone,
        tier: plan ? t(`members.tiers.${plan.tier}`) : '',
        reason: endReason,
      }),
      isDanger: true,
    },
    sessions: {
      title: t('members.endSessions'),
      description: t('members.endSessionsConfirm', { phone: view.phone, reason: sessionsReason }),
      isDanger: true,
    },
  }

  return (
    <>
      <div className="grid gap-4 xl:grid-cols-3">
        <Section title={t('members.grant')}>
          <form
            aria-label={t('members.grant')}
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault()
              setPending('grant')
            }}
          >
            <p className="text-sm text-ink-700">{t('members.grantHint')}</p>
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                label={t('members.tier')}
                value={tier}
                onChange={(event) => setTier(event.target.value as Tier)}
              >
                {billingTiers.map((option) => (
                  <option key={option} value={option}>
                    {t(`members.tiers.${option}`)}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={t('members.period')}
                value={period}
                onChange={(event) => setPeriod(event.target.value as Period)}
              >
                {billingPeriods.map((option) => (
                  <option key={option} value={option}>
                    {t(`members.periods.${option}`)}
                  </option>
                ))}
              </SelectField>
            </div>
            <TextField
              label={t('members.endsOn')}
              hint={t('members.endsOnHint')}
              type="date"
              value={endsOn}
              onChange={(event) => setEndsOn(event.target.value)}
            />
            <ReasonField value={grantReason} onChange={setGrantReason} />
            {isOwnAccount ? (
              <p className="text-sm text-loss" data-testid="grant-own-account">
                {t('errors:CONSOLE_PLAN_GRANT_SELF')}
              </p>
            ) : null}
            <Button type="submit" disabled={isOwnAccount}>
              {t('members.grant')}
            </Button>
          </form>
        </Section>

        <Section title={t('members.endPlan')}>
          <form
            aria-label={t('members.endPlan')}
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault()
              setPending('end')
            }}
          >
            <p className="text-sm text-ink-700">{t('members.endPlanHint')}</p>
            <ReasonField value={endReason} onChange={setEndReason} />
            <Button type="submit" variant="danger" disabled={!plan}>
              {t('members.endPlan')}
            </Button>
          </form>
        </Section>

        <Section title={t('members.endSessions')}>
          <form
            aria-label={t('members.endSessions')}
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault()
              setPending('sessions')
            }}
          >
            <p className="text-sm text-ink-700">{t('members.endSessionsHint')}</p>
            <ReasonField value={sessionsReason} onChange={setSessionsReason} />
            <Button type="submit" variant="danger">
              {t('members.endSessions')}
            </Button>
          </form>
        </Section>
      </div>
      <ConfirmDialog
        isOpen={pending !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setPending(null)
        }}
        title={pending ? confirmations[pending].title : ''}
        description={pending ? confirmations[pending].description : ''}
        confirmLabel={pending ? confirmations[pending].title : ''}
        isDanger={pending ? confirmations[pending].isDanger : false}
        onConfirm={() => {
          if (pending) void change(pending)
          setPending(null)
        }}
      />
    </>
  )
}

function ReasonField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation(['console', 'console-members'], { nsMode: 'fallback' })
  return (
    <TextAreaField
      label={t('members.reason')}
      placeholder={t('members.reasonHint')}
      rows={2}
      maxLength={memberReasonMaxLength}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}

/** A titled card of the member's page (its parts and these forms). */
export function Section({
  title,
  children,
  testId,
}: {
  title: string
  children: ReactNode
  testId?: string
}) {
  return (
    <Card>
      <section aria-label={title} className="flex flex-col gap-3" data-testid={testId}>
        <h2 className="text-lg font-semibold text-ink-950">{title}</h2>
        {children}
      </section>
    </Card>
  )
}
