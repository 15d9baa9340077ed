/**
 * The console's members part (issue 14; contracts/console-members.ts): support staff find a member by the number
 * they are given, see their plan, its history, payments, quota use and sessions, grant or end a plan and log the
 * member out everywhere; and they keep the newsletter sign-ups.
 *
 * Decides nothing the owning modules decide: plans change only through the subscriptions service's operator path
 * (the one `npm run ops -- subscription:*` uses), so the history records them as the operator's, with the staff
 * member and their reason as the change's reference; payments are billing's, quota use the quotas service's, sessions
 * accounts'. Each change and its audit entry are written in one transaction.
 */

import { quotaKinds } from '#contracts/account-codes.ts'
import type { GrantPlanRequest, NewsletterFilters, NewsletterQuery } from '#contracts/console-members.ts'
import {
  type ConsoleMemberPlan,
  type ConsoleMemberRef,
  type ConsoleMemberView,
  type ConsolePlanChange,
  type ConsoleQuotaUse,
  type EndedSessions,
  MemberCareErrorCode,
  memberAuditActions,
  memberPaymentsShown,
  type NewsletterPage,
  type NewsletterSignupRow,
} from '#contracts/console-members-rules.ts'
import { type ConsoleActor, ConsoleErrorCode } from '#contracts/console-rules.ts'
import { toE164Mobile } from '#contracts/mobile-number.ts'
import type { Clock } from '#server/clock.ts'
import { type Db, inTransaction } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { instantOfFirmTime, nextDay } from '#server/kernel/firm-time.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { AccountsService } from '#server/modules/accounts/accounts.service.ts'
import type { BillingService } from '#server/modules/billing/billing.service.ts'
import type { NewsletterService, SignupRow } from '#server/modules/newsletter/newsletter.service.ts'
import type { QuotaService } from '#server/modules/quotas/quotas.service.ts'
import type {
  SubscriptionRow,
  SubscriptionService,
} from '#server/modules/subscriptions/subscriptions.service.ts'
import type { AuditWriter } from './console-audit.service.ts'
import { csvByteOrderMark, csvField, csvLine } from './csv-text.ts'

/** The export's columns, in order (English headers: the file is read by tools as well as people). */
const exportColumns = ['email', 'name', 'phone', 'language', 'region', 'source', 'signed_up_at', 'updated_at']

export function createConsoleMembersService({
  db,
  clock,
  timeZone,
  accounts,
  subscriptions,
  billing,
  quotas,
  newsletter,
  recordChange,
}: {
  db: Db
  clock: Clock
  timeZone: string
  accounts: Pick<
    AccountsService,
    'findMember' | 'findMemberProfile' | 'findMemberNames' | 'listMemberSessions' | 'endMemberSessions'
  >
  subscriptions: Pick<
    SubscriptionService,
    'findSubscriptionInForce' | 'grantSubscription' | 'endSubscription' | 'listMemberChanges'
  >
  billing: Pick<BillingService, 'listMemberPayments' | 'closeBillingOfMember'>
  quotas: Pick<QuotaService, 'peek'>
  newsletter: Pick<NewsletterService, 'listSignups' | 'eachSignup' | 'removeSignup'>
  recordChange: AuditWriter
}) {
  /**
   * A number as support types it: international (+852 9123 4567, 00852…, 852…) or a Hong Kong number without the
   * calling code (the firm's home); spaces, dashes and brackets are ignored. 400 when it is no mobile number.
   */
  function phoneOf(text: string): string {
    const compact = text.replace(/[\s\-().]/g, '').replace(/^00/, '+')
    const e164 =
      toE164Mobile('HK', compact) ?? (/^\d+$/.test(compact) ? toE164Mobile('HK', `+${compact}`) : undefined)
    if (!e164)
      throw new AppError('invalid', ConsoleErrorCode.phoneInvalid, {
        fields: [{ field: 'phone', code: ConsoleErrorCode.phoneInvalid }],
      })
    return e164
  }

  async function findMemberByPhone(phone: string): Promise<ConsoleMemberRef> {
    const member = await accounts.findMember(phoneOf(phone))
    if (!member) throw new AppError('not_found', ConsoleErrorCode.memberNotFound)
    return { memberId: member.id, phone: member.phone }
  }

  function planOf(row: SubscriptionRow | undefined): ConsoleMemberPlan | null {
    if (!row) return null
    return {
      tier: row.tier,
      period: row.period,
      source: row.source,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      renews: row.renews,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      scheduledTier: row.scheduledTier,
      scheduledPeriod: row.scheduledPeriod,
      provider: row.provider,
      currency: row.currency,
      priceMinor: row.priceMinor,
    }
  }

  /** Uses per kind, read as the member's own reader (their rung of the allowance ladder, their counts). */
  async function quotaUseOf(memberId: string, plan: ConsoleMemberPlan | null): Promise<ConsoleQuotaUse[]> {
    const reader: Reader = {
      role: plan ? 'subscriber' : 'member',
      memberId,
      tier: plan?.tier ?? null,
      sessionId: null,
      device: { key: '', network: null },
    }
    return Promise.all(
      quotaKinds.map(async (kind) => {
        const status = await quotas.peek({ reader, kind })
        return {
          kind,
          usedToday: status.dailyLimit - status.dailyRemaining,
          dailyLimit: status.dailyLimit,
          usedThisMonth:
            status.monthlyLimit === null || status.monthlyRemaining === null
              ? status.dailyLimit - status.dailyRemaining
              : status.monthlyLimit - status.monthlyRemaining,
          monthlyLimit: status.monthlyLimit,
        }
      }),
    )
  }

  async function getMember(memberId: string): Promise<ConsoleMemberView> {
    const profile = await accounts.findMemberProfile(memberId)
    if (!profile) throw new AppError('not_found', ConsoleErrorCode.memberNotFound)
    const [inForce, changes, payments, sessions] = await Promise.all([
      subscriptions.findSubscriptionInForce(memberId),
      subscriptions.listMemberChanges(memberId),
      billing.listMemberPayments(memberId, { page: 1, pageSize: memberPaymentsShown }),
      accounts.listMemberSessions(memberId),
    ])
    const plan = planOf(inForce)
    const staff = await staffOfReferences(changes.map((change) => change.reference))
    const planHistory: ConsolePlanChange[] = changes.toReversed().map((change) => {
      const byStaff = consoleReferenceOf(change.reference)
      return {
        at: change.at.toISOString(),
        actor: change.actor,
        kind: change.kind,
        before: change.before,
        after: change.after,
        reference: byStaff ? byStaff.reason : change.reference,
        ...(byStaff ? { by: staff.get(byStaff.phone) ?? { phone: byStaff.phone, name: null } } : {}),
      }
    })
    return {
      memberId: profile.id,
      phone: profile.phone,
      displayName: profile.displayName,
      locale: profile.locale,
      registeredAt: profile.registeredAt.toISOString(),
      lastLoginAt: profile.lastLoginAt.toISOString(),
      readerRole: plan ? 'subscriber' : 'member',
      plan,
      planHistory,
      payments: payments.rows,
      paymentsTotal: payments.total,
      quotas: await quotaUseOf(memberId, plan),
      sessions: sessions.map((session) => ({
        id: session.id,
        createdAt: session.createdAt.toISOString(),
        lastSeenAt: session.lastSeenAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
      })),
    }
  }

  async function requireMember(memberId: string): Promise<void> {
    if (!(await accounts.findMemberProfile(memberId)))
      throw new AppError('not_found', ConsoleErrorCode.memberNotFound)
  }

  /** What the plan history keeps of a console change: who in the console, and why. */
  function referenceOf(actor: ConsoleActor, reason: string): string {
    return `console ${actor.phone}: ${reason}`
  }

  /** A plan change made in the console: the staff member's number and their reason (what referenceOf wrote). */
  function consoleReferenceOf(reference: string | null): { phone: string; reason: string } | undefined {
    const match = reference?.match(/^console (\+\d+): ([\s\S]*)$/)
    return match?.[1] && match[2] !== undefined ? { phone: match[1], reason: match[2] } : undefined
  }

  /** The staff members behind console plan changes, by number, with the name they go by now. */
  async function staffOfReferences(
    references: (string | null)[],
  ): Promise<Map<string, { phone: string; name: string | null }>> {
    const phones = [...new Set(references.flatMap((reference) => consoleReferenceOf(reference)?.phone ?? []))]
    const found = (await Promise.all(phones.map((phone) => accounts.findMember(phone)))).flatMap(
      (member) => member ?? [],
    )
    const names = await accounts.findMemberNames(found.map((member) => member.id))
    return new Map(
      found.map((member) => [
        member.phone,
        { phone: member.phone, name: names.get(member.id)?.displayName ?? null },
      ]),
    )
  }

  /**
   * Starts a plan now, replacing an operator's plan in force. A paid plan is refused: replacing it would leave the
   * payment provider renewing (and charging) a plan the member no longer has; end it first.
   */
  async function grantPlan(
    memberId: string,
    request: GrantPlanRequest,
    actor: ConsoleActor,
  ): Promise<ConsoleMemberView> {
    await requireMember(memberId)
    // Audited is not enough: a plan given to oneself is a plan nobody else approved.
    if (actor.memberId === memberId) throw new AppError('forbidden', MemberCareErrorCode.planGrantSelf)
    let endsAt: Date | undefined
    if (request.endsOn) {
      // The plan runs through the named day of the firm's calendar.
      endsAt = instantOfFirmTime(nextDay(request.endsOn), timeZone)
      if (!endsAt || endsAt <= clock.now())
        throw new AppError('invalid', MemberCareErrorCode.planEndInvalid, {
          fields: [{ field: 'endsOn', code: MemberCareErrorCode.planEndInvalid }],
        })
    }
    await inTransaction(db, async (tx) => {
      const inForce = await subscriptions.findSubscriptionInForce(memberId, { tx, forUpdate: true })
      if (inForce?.source === 'billing') throw new AppError('conflict', MemberCareErrorCode.paidPlanInForce)
      const granted = await subscriptions.grantSubscription(
        {
          memberId,
          tier: request.tier,
          period: request.period,
          source: 'operator',
          ...(endsAt ? { endsAt } : {}),
        },
        { tx, reference: referenceOf(actor, request.reason) },
      )
      await recordChange(
        {
          actor,
          action: memberAuditActions.planGrant,
          entity: 'member',
          entityId: memberId,
          before: { plan: planOf(inForce) },
          after: { plan: { ...granted, source: 'operator' }, reason: request.reason },
        },
        tx,
      )
    })
    return getMember(memberId)
  }

  /** Ends the plan in force now; a paid one is cancelled at the payment provider first (no refund), as ops does. */
  async function endPlan(
    memberId: string,
    request: { reason: string },
    actor: ConsoleActor,
  ): Promise<ConsoleMemberView> {
    await requireMember(memberId)
    const inForce = await subscriptions.findSubscriptionInForce(memberId)
    if (!inForce) throw new AppError('conflict', MemberCareErrorCode.noPlanInForce)
    // The provider is asked outside the transaction: a refusal there leaves the plan as it was, to try again.
    if (inForce.providerSubscriptionId) await billing.closeBillingOfMember(memberId)
    await inTransaction(db, async (tx) => {
      const ended = await subscriptions.endSubscription(memberId, {
        tx,
        reference: referenceOf(actor, request.reason),
      })
      if (!ended) throw new AppError('conflict', MemberCareErrorCode.noPlanInForce)
      await recordChange(
        {
          actor,
          action: memberAuditActions.planEnd,
          entity: 'member',
          entityId: memberId,
          before: { plan: planOf(inForce) },
          after: { plan: null, reason: request.reason },
        },
        tx,
      )
    })
    return getMember(memberId)
  }

  /** Logs the member out on every device (their next request is a visitor's). */
  async function endSessions(
    memberId: string,
    request: { reason: string },
    actor: ConsoleActor,
  ): Promise<EndedSessions> {
    await requireMember(memberId)
    return inTransaction(db, async (tx) => {
      const ended = await accounts.endMemberSessions(memberId, tx)
      await recordChange(
        {
          actor,
          action: memberAuditActions.sessionsEnd,
          entity: 'member',
          entityId: memberId,
          before: { sessions: ended },
          after: { sessions: 0, reason: request.reason },
        },
        tx,
      )
      return { ended }
    })
  }

  // ——— Newsletter sign-ups ———

  /** Days of the firm's calendar as instants: `from` its midnight, `to` the next day's (so `to` includes it). */
  function signupFilterOf(filters: NewsletterFilters) {
    return {
      text: filters.q,
      from: filters.from ? instantOfFirmTime(filters.from, timeZone) : undefined,
      to: filters.to ? instantOfFirmTime(nextDay(filters.to), timeZone) : undefined,
    }
  }

  function toSignup(row: SignupRow): NewsletterSignupRow {
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      phone: row.phone,
      locale: row.locale,
      region: row.region,
      source: row.source,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }
  }

  async function listSignups(query: NewsletterQuery): Promise<NewsletterPage> {
    const { rows, total } = await newsletter.listSignups(signupFilterOf(query), query)
    return {
      rows: rows.map(toSignup),
      total,
      page: query.page,
      pageSize: query.pageSize,
      hasMore: query.page * query.pageSize < total,
    }
  }

  /** The CSV export, line by line: the byte-order mark and header, then every matching sign-up, newest first. */
  async function* exportSignups(filters: NewsletterFilters): AsyncGenerator<string> {
    yield csvByteOrderMark + csvLine(exportColumns)
    for await (const row of newsletter.eachSignup(signupFilterOf(filters))) {
      yield csvLine([
        csvField(row.email),
        csvField(row.name),
        // Checked at sign-up to digits, spaces, dashes and brackets: nothing a spreadsheet could run.
        csvField(row.phone, true),
        csvField(row.locale),
        csvField(row.region),
        csvField(row.source),
        csvField(row.createdAt.toISOString(), true),
        csvField(row.updatedAt.toISOString(), true),
      ])
    }
  }

  async function removeSignup(id: string, actor: ConsoleActor): Promise<{ deleted: true }> {
    return inTransaction(db, async (tx) => {
      const removed = await newsletter.removeSignup(id, tx)
      if (!removed) throw new AppError('not_found', MemberCareErrorCode.signupNotFound)
      await recordChange(
        {
          actor,
          action: memberAuditActions.newsletterRemove,
          entity: 'newsletter_signup',
          entityId: id,
          before: toSignup(removed),
          after: null,
        },
        tx,
      )
      return { deleted: true as const }
    })
  }

  return {
    findMemberByPhone,
    getMember,
    grantPlan,
    endPlan,
    endSessions,
    listSignups,
    exportSignups,
    removeSignup,
  }
}

export type ConsoleMembersService = ReturnType<typeof createConsoleMembersService>
