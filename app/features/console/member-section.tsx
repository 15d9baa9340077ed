/**
 * /console/members/:id (support): one member as support needs them — the full number, the plan in force and its
 * renewal state, the plan history, payments, quota use and sessions — and the three changes support makes
 * (member-changes.tsx). Times are the firm's.
 */
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatMoney } from '#app/features/billing/billing-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import type { Currency } from '#contracts/billing-rules.ts'
import type { ConsoleMemberView, ConsolePlanSnapshot } from '#contracts/console-members-rules.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import { planChangeActorText } from './audit-words.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleTable } from './console-lists.tsx'
import { ConsoleError, ConsoleLoading, ConsoleNotice, formatFirmTime } from './console-ui.tsx'
import { MemberAdviser } from './member-adviser.tsx'
import { MemberChanges, Section } from './member-changes.tsx'
import { useConsoleAction } from './use-console-action.ts'
import { useConsoleData } from './use-console-data.ts'

export function MemberSection({ me, memberId }: { me: ConsoleMe; memberId: string }) {
  const { t } = useTranslation(['console', 'console-members'], { nsMode: 'fallback' })
  const { displayLocale } = useRootData()
  const member = useConsoleData(() => consoleApi.get<ConsoleMemberView>(`/members/${memberId}`), memberId)
  const action = useConsoleAction()
  const time = (iso: string | null) => formatFirmTime(iso, me.timeZone, displayLocale)

  const view = member.data
  if (!view) {
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        <ConsoleError error={member.error} />
        {member.isLoading ? <ConsoleLoading /> : null}
      </div>
    )
  }

  const plan = view.plan
  function snapshotText(snapshot: ConsolePlanSnapshot | null): string {
    if (!snapshot) return '—'
    const tierName = t(`members.tiers.${snapshot.tier}`, { defaultValue: snapshot.tier })
    const periodName = t(`members.periods.${snapshot.period}`, { defaultValue: snapshot.period })
    const statusName = t(`members.planStates.${snapshot.status}`, { defaultValue: snapshot.status })
    return `${tierName} (${periodName}) · ${statusName} · ${time(snapshot.endsAt)}`
  }

  return (
    <div className="flex flex-col gap-6">
      <BackLink />
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-ink-950" data-testid="member-phone">
          {view.phone}
        </h1>
        <p className="text-ink-700">{view.displayName ?? t('members.noName')}</p>
      </div>
      <ConsoleNotice notice={action.notice} />
      <ConsoleError error={action.error ?? member.error} />

      <div className="grid gap-4 xl:grid-cols-2">
        <Section title={t('members.profile')}>
          <Facts
            rows={[
              [t('members.phone'), view.phone],
              [t('members.displayName'), view.displayName ?? t('members.noName')],
              [t('members.registeredAt'), time(view.registeredAt)],
              [t('members.lastLoginAt'), time(view.lastLoginAt)],
              [t('members.language'), t(`languages.${view.locale}`, { defaultValue: view.locale })],
              [t('members.readerRole'), t(`members.readerRoles.${view.readerRole}`)],
            ]}
          />
          <MemberAdviser memberId={view.memberId} />
        </Section>

        <Section title={t('members.plan')} testId="member-plan">
          {plan ? (
            <Facts
              rows={[
                [t('members.tier'), t(`members.tiers.${plan.tier}`)],
                [t('members.period'), t(`members.periods.${plan.period}`)],
                [t('members.source'), t(`members.sources.${plan.source}`)],
                [t('members.startsAt'), time(plan.startsAt)],
                [t('members.endsAt'), time(plan.endsAt)],
                [
                  t('members.renewal'),
                  plan.cancelAtPeriodEnd
                    ? t('members.cancelled')
                    : plan.renews
                      ? t('members.renews')
                      : t('members.noRenewal'),
                ],
                ...(plan.scheduledTier
                  ? [
                      [
                        t('members.nextPlan'),
                        t('members.scheduled', {
                          tier: t(`members.tiers.${plan.scheduledTier}`),
                          period: t(`members.periods.${plan.scheduledPeriod ?? plan.period}`),
                        }),
                      ] as [string, string],
                    ]
                  : []),
                ...(plan.priceMinor !== null && plan.currency
                  ? [
                      [
                        t('members.nextPrice'),
                        formatMoney(plan.priceMinor, plan.currency as Currency, displayLocale),
                      ] as [string, string],
                    ]
                  : []),
              ]}
            />
          ) : (
            <p className="text-ink-700">{t('members.noPlan')}</p>
          )}
        </Section>
      </div>

      <MemberChanges
        view={view}
        isOwnAccount={view.memberId === me.memberId}
        action={action}
        onChanged={member.reload}
      />

      <Section title={t('members.quotas')}>
        <Table
          headers={[t('members.kind'), t('members.today'), t('members.thisMonth')]}
          rows={view.quotas.map((use) => [
            t(`members.kinds.${use.kind}`, { defaultValue: use.kind }),
            t('members.used', { used: use.usedToday, limit: use.dailyLimit }),
            use.monthlyLimit === null
              ? t('members.noMonthlyLimit', { used: use.usedThisMonth })
              : t('members.used', { used: use.usedThisMonth, limit: use.monthlyLimit }),
          ])}
          testId="member-quota"
        />
      </Section>

      <Section title={t('members.sessions')}>
        <p className="text-xs text-ink-500">{t('members.sessionsNote')}</p>
        {view.sessions.length === 0 ? (
          <p className="text-ink-700">{t('members.noSessions')}</p>
        ) : (
          <Table
            headers={[t('members.createdAt'), t('members.lastSeenAt'), t('members.expiresAt')]}
            rows={view.sessions.map((session) => [
              time(session.createdAt),
              time(session.lastSeenAt),
              time(session.expiresAt),
            ])}
            testId="member-session"
          />
        )}
      </Section>

      <Section title={t('members.history')}>
        {view.planHistory.length === 0 ? (
          <p className="text-ink-700">{t('members.noHistory')}</p>
        ) : (
          <Table
            headers={[t('members.at'), t('members.actor'), t('members.change'), t('members.reference')]}
            rows={view.planHistory.map((change) => [
              time(change.at),
              planChangeActorText(change, t),
              <span key="change" className="flex flex-col">
                <span className="font-medium">
                  {t(`members.changeKinds.${change.kind}`, {
                    tier: t(`members.tiers.${change.after?.tier ?? change.before?.tier}`, {
                      defaultValue: '',
                    }),
                    defaultValue: change.kind,
                  })}
                </span>
                <span>
                  {snapshotText(change.before)} → {snapshotText(change.after)}
                </span>
              </span>,
              change.reference ?? '—',
            ])}
            testId="plan-change"
          />
        )}
      </Section>

      <Section title={t('members.payments')}>
        {view.payments.length === 0 ? (
          <p className="text-ink-700">{t('members.noPayments')}</p>
        ) : (
          <>
            {view.paymentsTotal > view.payments.length ? (
              <p className="text-sm text-ink-700">
                {t('members.paymentsMore', { shown: view.payments.length, total: view.paymentsTotal })}
              </p>
            ) : null}
            <Table
              headers={[
                t('members.at'),
                t('members.tier'),
                t('members.amount'),
                t('members.status'),
                t('members.receipt'),
              ]}
              rows={view.payments.map((payment) => [
                time(payment.paidAt),
                `${t(`members.tiers.${payment.tier}`)} (${t(`members.periods.${payment.period}`)})`,
                formatMoney(payment.amountMinor, payment.currency, displayLocale),
                payment.refundedMinor > 0
                  ? `${t(`members.paymentStates.${payment.status}`)} · ${t('members.refunded', {
                      amount: formatMoney(payment.refundedMinor, payment.currency, displayLocale),
                    })}`
                  : t(`members.paymentStates.${payment.status}`),
                payment.receiptUrl ? (
                  <a
                    key="receipt"
                    href={payment.receiptUrl}
                    target="_blank"
                    rel="noreferrer"
                    className="text-brand-700 hover:underline"
                  >
                    {t('members.receipt')}
                  </a>
                ) : payment.isDemo ? (
                  t('members.demo')
                ) : (
                  '—'
                ),
              ])}
              testId="member-payment"
            />
          </>
        )}
      </Section>
    </div>
  )
}

function BackLink() {
  const { t } = useTranslation(['console', 'console-members'], { nsMode: 'fallback' })
  return (
    <Link to="/console/members" className="text-sm text-brand-700 hover:underline">
      ← {t('members.back')}
    </Link>
  )
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-500">{label}</dt>
          <dd className="text-ink-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function Table({ headers, rows, testId }: { headers: string[]; rows: ReactNode[][]; testId: string }) {
  return (
    <ConsoleTable columns={headers}>
      {rows.map((cells, rowIndex) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are redrawn whole after each change
        <tr key={rowIndex} className="border-b border-ink-50 align-top" data-testid={testId}>
          {cells.map((cell, cellIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: cells have a fixed order
            <td key={cellIndex} className="py-2 pr-3">
              {cell}
            </td>
          ))}
        </tr>
      ))}
    </ConsoleTable>
  )
}
