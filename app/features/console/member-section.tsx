/**
 * /console/members/:id (support): one member as support needs them — the full number, the plan in force and its
 * renewal state, the plan history, payments, quota use and sessions — and the three changes support makes: grant a
 * plan, end the plan now, log the member out everywhere. Each asks for a reason (kept in the audit log and the plan
 * history) and a confirmation first. Times are the firm's.
 */
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { formatMoney } from '#app/features/billing/billing-format.ts'
import { useRootData } from '#app/use-root-data.ts'
import { billingPeriods, billingTiers, type Currency } from '#contracts/billing-rules.ts'
import {
  type ConsoleMemberView,
  type ConsolePlanSnapshot,
  type EndedSessions,
  memberReasonMaxLength,
} from '#contracts/console-members-rules.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleTable } from './console-lists.tsx'
import {
  ConsoleError,
  ConsoleLoading,
  ConsoleNotice,
  formatFirmTime,
  SelectField,
  TextAreaField,
} from './console-ui.tsx'
import { MemberAdviser } from './member-adviser.tsx'
import { useConsoleData } from './use-console-data.ts'

type Tier = (typeof billingTiers)[number]
type Period = (typeof billingPeriods)[number]
type PendingChange = 'grant' | 'end' | 'sessions'

export function MemberSection({ me, memberId }: { me: ConsoleMe; memberId: string }) {
  const { t } = useTranslation('console')
  const { displayLocale } = useRootData()
  const member = useConsoleData(() => consoleApi.get<ConsoleMemberView>(`/members/${memberId}`), memberId)
  const [tier, setTier] = useState<Tier>('plus')
  const [period, setPeriod] = useState<Period>('month')
  const [endsOn, setEndsOn] = useState('')
  const [grantReason, setGrantReason] = useState('')
  const [endReason, setEndReason] = useState('')
  const [sessionsReason, setSessionsReason] = useState('')
  const [pending, setPending] = useState<PendingChange | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [notice, setNotice] = useState('')
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

  async function change(kind: PendingChange) {
    setError(null)
    setNotice('')
    try {
      if (kind === 'grant') {
        await consoleApi.post(`/members/${memberId}/plan`, { tier, period, endsOn, reason: grantReason })
        setGrantReason('')
        setNotice(t('members.granted', { tier: t(`members.tiers.${tier}`) }))
      } else if (kind === 'end') {
        await consoleApi.post(`/members/${memberId}/plan/end`, { reason: endReason })
        setEndReason('')
        setNotice(t('members.planEnded'))
      } else {
        const { ended } = await consoleApi.post<EndedSessions>(`/members/${memberId}/sessions/end`, {
          reason: sessionsReason,
        })
        setSessionsReason('')
        setNotice(t('members.sessionsEnded', { count: ended }))
      }
      member.reload()
    } catch (failure) {
      setError(failure)
    }
  }

  const plan = view.plan
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

  function snapshotText(snapshot: ConsolePlanSnapshot | null): string {
    if (!snapshot) return '—'
    const tierName = t(`members.tiers.${snapshot.tier}`, { defaultValue: snapshot.tier })
    const periodName = t(`members.periods.${snapshot.period}`, { defaultValue: snapshot.period })
    return `${tierName} (${periodName}) · ${snapshot.status} · ${time(snapshot.endsAt)}`
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
      <ConsoleNotice notice={notice} />
      <ConsoleError error={error ?? member.error} />

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
            <Button type="submit">{t('members.grant')}</Button>
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
              t(`members.actors.${change.actor}`),
              <span key="change" className="flex flex-col">
                <span className="font-mono text-xs">{change.kind}</span>
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
    </div>
  )
}

function BackLink() {
  const { t } = useTranslation('console')
  return (
    <Link to="/console/members" className="text-sm text-brand-700 hover:underline">
      ← {t('members.back')}
    </Link>
  )
}

function ReasonField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation('console')
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

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card>
      <section aria-label={title} className="flex flex-col gap-3" data-testid={testId}>
        <h2 className="text-lg font-semibold text-ink-950">{title}</h2>
        {children}
      </section>
    </Card>
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
