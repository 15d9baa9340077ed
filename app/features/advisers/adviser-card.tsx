/**
 * The reader's adviser (issue 15): who they are and each way to reach them. A channel's link is built from its
 * checked value only (contracts/advisers-rules.ts `adviserChannelHref`); a channel no link opens (KakaoTalk, WeChat)
 * shows its ID to copy.
 */

import { Card } from '#app/components/card.tsx'
import { SampleBadge } from '#app/features/member-area/lock-prompt.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { type AdviserChannel, adviserChannelHref, type MyAdviserAnswer } from '#contracts/advisers-rules.ts'

type AssignedAdviser = Extract<MyAdviserAnswer, { state: 'assigned' }>['adviser']

function ChannelLink({ channel }: { channel: AdviserChannel }) {
  const { t } = useTranslation('advisers')
  const href = adviserChannelHref(channel)
  const opensApp = href !== null && !href.startsWith('tel:') && !href.startsWith('mailto:')
  return (
    <li className="flex flex-col gap-0.5 rounded-lg border border-ink-100 p-3" data-testid="adviser-channel">
      <span className="text-xs font-semibold text-ink-700">{t(`channels.${channel.kind}`)}</span>
      {href ? (
        <a
          href={href}
          className="min-h-6 font-medium break-all text-brand-700 underline underline-offset-2"
          {...(opensApp ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {channel.value}
        </a>
      ) : (
        <span className="font-medium break-all text-ink-950 select-all">
          {channel.value}
          <span className="sr-only"> {t('copyId')}</span>
        </span>
      )}
    </li>
  )
}

export function AdviserCard({ adviser }: { adviser: AssignedAdviser }) {
  const { t } = useTranslation('advisers')
  return (
    <Card className="flex flex-col gap-4" data-testid="adviser-card">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-semibold text-ink-950">{adviser.name}</h2>
        {adviser.isSample ? <SampleBadge /> : null}
      </div>
      <p className="whitespace-pre-line text-ink-800">{adviser.bio}</p>
      <section aria-labelledby="adviser-channels" className="flex flex-col gap-2">
        <h3 id="adviser-channels" className="text-sm font-semibold text-ink-900">
          {t('page.channelsTitle')}
        </h3>
        <ul className="grid gap-2 sm:grid-cols-2">
          {adviser.channels.map((channel) => (
            <ChannelLink key={`${channel.kind}:${channel.value}`} channel={channel} />
          ))}
        </ul>
      </section>
    </Card>
  )
}
