/**
 * Accounts: logging in with a mobile number and an SMS code (registering the number the first time), sessions,
 * member info, logging out, and who the reader of a request is (spec §4–§6).
 * Decides the code and session rules (see CONTEXT.md); leaves tiers to subscriptions, quotas to quotas, cookies
 * and headers to the routes, and sending to the SMS adapter.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto'
import {
  AccountErrorCode,
  type ActiveSubscription,
  type LoginRequest,
  type MemberInfo,
  type SendCodeAnswer,
  type SendCodeRequest,
} from '#contracts/accounts.ts'
import { mailLinkPath } from '#contracts/mail-links.ts'
import { MemberEmailErrorCode, type MemberEmailView } from '#contracts/member-email.ts'
import enSms from '#contracts/messages/en/sms.json' with { type: 'json' }
import zhSms from '#contracts/messages/zh-Hant/sms.json' with { type: 'json' }
import { maskMobile, toE164Mobile } from '#contracts/mobile-number.ts'
import { type Locale, type Region, regionSettings } from '#contracts/regions.ts'
import { type Clock, calendarOf } from '#server/clock.ts'
import type { Config } from '#server/config.ts'
import { deleteInBatches } from '#server/db/batches.ts'
import { type Db, inTransaction } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { VisitAttribution } from '#server/http/visit-attribution.ts'
import type { Reader } from '#server/kernel/reader.ts'
import {
  hashLoginCode,
  hashSessionToken,
  isDeviceId,
  isSessionTokenShape,
  keyedHash,
  networkOf,
  newDeviceId,
  newLoginCode,
  newSessionToken,
} from '#server/kernel/secrets.ts'
import type { QueueMailRequest } from '#server/modules/mail/mail.service.ts'
import type { SubscriptionService } from '#server/modules/subscriptions/subscriptions.service.ts'
import { SmsDeliveryError, type SmsSender } from '#server/providers/sms/sms-sender.ts'
import {
  checkLoginCode,
  countVerificationSends,
  deleteDeadSessions,
  deleteLoginCode,
  deleteLoginCodesBefore,
  deleteMember,
  deleteMemberEmail,
  deleteMemberSessions,
  deleteOutboxBefore,
  deleteSessionByTokenHash,
  deleteSessionsEndedBy,
  deleteVerificationSendsBefore,
  findLiveSession,
  findMemberById,
  findMemberByPhone,
  findOrInsertMember,
  insertLoginCodeWithinLimits,
  insertSession,
  insertVerificationSend,
  lockMemberRow,
  type MemberEmailRow,
  type MemberRow,
  verifyMemberEmail as markMemberEmailVerified,
  selectLiveMemberSessions,
  selectMemberEmail,
  selectMemberEmailByVerification,
  selectMemberNames,
  selectVerifiedEmailsOf,
  selectVerifiedMembersByAddresses,
  touchSession,
  updateDisplayName,
  upsertMemberAtLogin,
  upsertMemberEmail,
} from './accounts.repo.ts'

/** Code rules (spec §9: valid 10 minutes). */
export const loginCodeRules = {
  validMs: 10 * 60 * 1000,
  maxWrongAttempts: 5,
  resendAfterMs: 60 * 1000,
  /** At most 3 codes per number per 10 minutes. */
  window: { ms: 10 * 60 * 1000, max: 3 },
} as const

/**
 * Verification mails (issue 26): one a minute per member, at most 5 a day per member and 3 a day per address, so
 * the form cannot be used to send mail to someone else's address over and over; a link works for 48 hours.
 */
export const emailVerificationRules = {
  resendAfterMs: 60 * 1000,
  windowMs: 24 * 60 * 60 * 1000,
  perMemberInWindow: 5,
  perAddressInWindow: 3,
  linkValidMs: 48 * 60 * 60 * 1000,
} as const

/** Where a member's mail goes: their verified address, the language they gave it in and the site its links open. */
export interface MemberMailRecipient {
  address: string
  locale: Locale
  region: Region
}

/** A session's last use is written at most this often (idle expiry is counted in days). */
const touchIntervalMs = 60 * 1000
const dayMs = 24 * 60 * 60 * 1000

const smsTemplates: Record<Locale, string> = {
  en: enSms.loginCode,
  'zh-Hant': zhSms.loginCode,
}

export interface LoginResult {
  /** The new session token: goes to the access_token cookie, never into a log or the answer body. */
  token: string
  expiresAt: Date
  isNewMember: boolean
  userInfo: MemberInfo
}

/** The reader of a request, with the rows that identified them (accounts-internal; modules use `reader`). */
export interface Identity {
  reader: Reader
  member: MemberRow | null
  subscription: ActiveSubscription | null
}

export interface ReaderCredentials {
  /** From the X-token header or the access_token cookie. */
  token: string | undefined
  /** From the tw_device cookie. */
  deviceId: string | undefined
  ip: string | undefined
}

export function createAccountsService({
  db,
  config,
  clock,
  sms,
  subscriptions,
  beforeMemberDeleted,
  queueMail,
  siteOrigins,
}: {
  db: Db
  config: Config
  clock: Clock
  sms: SmsSender
  subscriptions: SubscriptionService
  /** The mail module's queue (the verification mail of a member's address). */
  queueMail?: (request: QueueMailRequest, tx?: Db) => Promise<boolean>
  /** Each regional site's origin: the verification link opens the site the address was given on. */
  siteOrigins?: Record<Region, string>
  /** Runs before a member deletes their account (billing: the provider's subscription ends, nothing is charged again). */
  beforeMemberDeleted?: (memberId: string) => Promise<void>
}) {
  const { auth } = config

  function phoneOf(request: SendCodeRequest): string {
    const phone = toE164Mobile(request.country, request.mobile)
    if (!phone)
      throw new AppError('invalid', AccountErrorCode.mobileInvalid, {
        fields: [{ field: 'mobile', code: AccountErrorCode.mobileInvalid }],
      })
    return phone
  }

  /** Sends a new login code to the number, within the per-number limits (the per-IP limit is the route's). */
  async function sendLoginCode(
    request: SendCodeRequest,
    client: { locale: Locale },
  ): Promise<SendCodeAnswer> {
    const phone = phoneOf(request)
    const now = clock.now()
    const code = newLoginCode()
    const inserted = await insertLoginCodeWithinLimits(
      db,
      {
        phone,
        codeHash: hashLoginCode(auth.secret, phone, code),
        sentDay: calendarOf(now, config.limitsTimeZone).day,
        now,
        expiresAt: new Date(now.getTime() + loginCodeRules.validMs),
      },
      { cooldownMs: loginCodeRules.resendAfterMs, window: loginCodeRules.window, daily: auth.codeDailyLimit },
    )
    if (inserted.outcome === 'daily-limit') throw new AppError('limited', AccountErrorCode.codeDailyLimit)
    if (inserted.outcome === 'too-frequent') throw new AppError('limited', AccountErrorCode.codeTooFrequent)
    try {
      await sms.send({ to: phone, body: smsTemplates[client.locale].replace('{{code}}', code) })
    } catch (error) {
      // A code the reader never received must not count against their limits.
      await deleteLoginCode(db, inserted.id)
      const detail = error instanceof SmsDeliveryError ? error.detail : { reason: 'adapter error' }
      throw new AppError('unavailable', AccountErrorCode.smsSendFailed, {
        cause: new Error(`SMS ${JSON.stringify(detail)}`),
      })
    }
    return {
      resendAfterSeconds: loginCodeRules.resendAfterMs / 1000,
      expiresInSeconds: loginCodeRules.validMs / 1000,
    }
  }

  function codeFieldError(code: string): AppError {
    return new AppError('invalid', code, { fields: [{ field: 'code', code }] })
  }

  /**
   * Logs in with the number and its newest code; registers the number the first time. Always starts a new session;
   * the session of `previousToken` (the one the browser still had) ends. A new member keeps the visit's attribution.
   */
  async function logIn(
    request: LoginRequest,
    client: { locale: Locale; previousToken?: string | undefined; attribution?: VisitAttribution },
  ): Promise<LoginResult> {
    const phone = phoneOf(request)
    const now = clock.now()
    const check = await checkLoginCode(db, {
      phone,
      codeHash: hashLoginCode(auth.secret, phone, request.code),
      now,
      maxWrongAttempts: loginCodeRules.maxWrongAttempts,
    })
    if (check.outcome === 'expired') throw codeFieldError(AccountErrorCode.codeExpired)
    if (check.outcome === 'too-many-attempts') throw codeFieldError(AccountErrorCode.codeAttempts)
    if (check.outcome !== 'accepted') throw codeFieldError(AccountErrorCode.codeError)

    const { member, isNew } = await upsertMemberAtLogin(db, {
      phone,
      locale: client.locale,
      now,
      attribution: client.attribution ?? { referer: null, landing: null },
    })
    const session = await startSession(member.id, { now, previousToken: client.previousToken })
    return { ...session, isNewMember: isNew, userInfo: await memberInfoOf(member) }
  }

  /**
   * A new session for the member; the session of `previousToken` (the one the browser still had) ends. It lasts
   * SESSION_ABSOLUTE_DAYS, or until `endsBy` when that is sooner.
   */
  async function startSession(
    memberId: string,
    options: { now: Date; previousToken?: string | undefined; endsBy?: Date },
  ): Promise<{ token: string; expiresAt: Date }> {
    const { now } = options
    if (isSessionTokenShape(options.previousToken))
      await deleteSessionByTokenHash(db, hashSessionToken(options.previousToken))
    await deleteDeadSessions(db, now, auth.sessionIdleMs, memberId)
    const token = newSessionToken()
    const fullTerm = now.getTime() + auth.sessionAbsoluteMs
    const expiresAt = new Date(Math.min(fullTerm, options.endsBy?.getTime() ?? fullTerm))
    await insertSession(db, { memberId, tokenHash: hashSessionToken(token), now, expiresAt })
    return { token, expiresAt }
  }

  /**
   * A hand-over (site-handover.service.ts): a new session for a member already logged in on another regional site,
   * ending no later than the session it came from. Undefined when the member no longer exists.
   */
  async function continueSession(
    memberId: string,
    options: { previousToken?: string | undefined; endsBy: Date },
  ): Promise<Omit<LoginResult, 'isNewMember'> | undefined> {
    const member = await findMemberById(db, memberId)
    if (!member) return undefined
    const session = await startSession(member.id, { now: clock.now(), ...options })
    return { ...session, userInfo: await memberInfoOf(member) }
  }

  async function memberInfoOf(member: MemberRow): Promise<MemberInfo> {
    return memberInfoFrom(member, await subscriptions.findActiveSubscription(member.id))
  }

  function memberInfoFrom(member: MemberRow, subscription: ActiveSubscription | null): MemberInfo {
    return {
      memberId: member.id,
      maskedPhone: maskMobile(member.phone),
      displayName: member.displayName,
      role: subscription ? 'subscriber' : 'member',
      subscription,
      registeredAt: member.registeredAt.toISOString(),
    }
  }

  function visitorDevice(deviceId: string | undefined, ip: string | undefined): Reader['device'] {
    const network = networkOf(ip)
    return {
      // The API always has a device id (it issues one when the cookie is missing); a page loader may not, and then
      // the reader is a device seen for the first time.
      key: keyedHash(auth.secret, 'device', isDeviceId(deviceId) ? deviceId : newDeviceId()),
      network: network ? keyedHash(auth.secret, 'network', network) : null,
    }
  }

  /**
   * Who is asking: a visitor unless the token belongs to a live session. Extends the session's idle time.
   * Also answers the member and subscription it read, so member info needs no second lookup.
   */
  async function identifyReader(credentials: ReaderCredentials): Promise<Identity> {
    const device = visitorDevice(credentials.deviceId, credentials.ip)
    const visitor: Identity = {
      reader: { role: 'visitor', memberId: null, tier: null, sessionId: null, device },
      member: null,
      subscription: null,
    }
    if (!isSessionTokenShape(credentials.token)) return visitor
    const now = clock.now()
    const session = await findLiveSession(db, hashSessionToken(credentials.token), now, auth.sessionIdleMs)
    if (!session) return visitor
    if (now.getTime() - session.lastSeenAt.getTime() > touchIntervalMs)
      await touchSession(db, session.sessionId, now)
    const subscription = await subscriptions.findActiveSubscription(session.member.id)
    return {
      reader: {
        role: subscription ? 'subscriber' : 'member',
        memberId: session.member.id,
        tier: subscription?.tier ?? null,
        sessionId: session.sessionId,
        device,
      },
      member: session.member,
      subscription,
    }
  }

  /** The reader of a page request. Pass the client address: it caps visitors who clear their cookies. */
  async function readerFromCookies(
    cookies: Record<string, string | undefined>,
    { ip }: { ip?: string } = {},
  ): Promise<Reader> {
    const identity = await identifyReader({
      token: cookies.access_token,
      deviceId: cookies.tw_device,
      ip,
    })
    return identity.reader
  }

  /** `GET /home/memberInfo`: the logged-in reader's info; a visitor gets 401, which logs the page out. */
  function getMemberInfo(identity: Identity): MemberInfo {
    if (!identity.member) throw new AppError('unauthenticated', 'UNAUTHENTICATED')
    return memberInfoFrom(identity.member, identity.subscription)
  }

  /** Ends the token's session, if it still has one. Logging out always succeeds. */
  async function logOut(token: string | undefined): Promise<void> {
    if (isSessionTokenShape(token)) await deleteSessionByTokenHash(db, hashSessionToken(token))
  }

  function memberIdOf(reader: Reader): string {
    if (!reader.memberId) throw new AppError('unauthenticated', 'UNAUTHENTICATED')
    return reader.memberId
  }

  /** `PATCH /member/displayName`: the name the account page and the header show (null clears it). */
  async function setDisplayName(reader: Reader, displayName: string | null): Promise<MemberInfo> {
    const member = await updateDisplayName(db, memberIdOf(reader), displayName)
    if (!member) throw new AppError('unauthenticated', 'UNAUTHENTICATED')
    return memberInfoOf(member)
  }

  /** `POST /member/logoutAll`: every session of the member ends, this one included. */
  async function logOutEverywhere(reader: Reader): Promise<number> {
    return deleteMemberSessions(db, memberIdOf(reader))
  }

  /**
   * `DELETE /member/account`: the member's personal data is deleted — number, name, sessions, codes — after the
   * hook has ended their paid subscription at the provider; payment records and the subscription history stay,
   * without the member (bookkeeping law), and a later login with the number registers a new member.
   */
  async function deleteAccount(reader: Reader): Promise<void> {
    const memberId = memberIdOf(reader)
    await beforeMemberDeleted?.(memberId)
    await deleteMember(db, memberId)
  }

  // ——— The member's email address (issue 26) ———

  const verificationSignature = (verificationId: string) =>
    keyedHash(auth.secret, 'member-email-verify', verificationId)

  function emailViewOf(row: MemberEmailRow | undefined): MemberEmailView {
    if (!row) return { address: null, isVerified: false, requestedAt: null }
    return {
      address: row.address,
      isVerified: row.verifiedAt !== null,
      requestedAt: row.verifiedAt ? null : row.requestedAt.toISOString(),
    }
  }

  /** The account page: the member's address and whether it is verified. */
  async function getMemberEmail(reader: Reader): Promise<MemberEmailView> {
    return emailViewOf(await selectMemberEmail(db, memberIdOf(reader)))
  }

  /** Refuses a verification mail over the limits, saying how long to wait (whole minutes, rounded up). */
  async function checkVerificationLimits(
    tx: Db,
    memberId: string,
    addressHash: string,
    now: Date,
  ): Promise<void> {
    const rules = emailVerificationRules
    const since = new Date(now.getTime() - rules.windowMs)
    const sends = await countVerificationSends(tx, { memberId, addressHash, since })
    const waits: number[] = []
    if (sends.member.newest && now.getTime() - sends.member.newest.getTime() < rules.resendAfterMs)
      waits.push(sends.member.newest.getTime() + rules.resendAfterMs - now.getTime())
    if (sends.member.sent >= rules.perMemberInWindow && sends.member.oldest)
      waits.push(new Date(sends.member.oldest).getTime() + rules.windowMs - now.getTime())
    if (sends.address.sent >= rules.perAddressInWindow && sends.address.oldest)
      waits.push(new Date(sends.address.oldest).getTime() + rules.windowMs - now.getTime())
    if (waits.length === 0) return
    throw new AppError('limited', MemberEmailErrorCode.sendLimited, {
      params: { count: Math.max(1, Math.ceil(Math.max(...waits) / 60_000)) },
    })
  }

  /**
   * Gives the member's account an address (a new one replaces the old, which receives nothing more) and sends the
   * verification mail, within the send limits. The same address again sends the mail again (a lost mail), unless
   * it is verified already. `client` is the site the member is on: the mail's language and its link's site.
   */
  async function setMemberEmail(
    reader: Reader,
    email: string,
    client: { locale: Locale; region: Region },
  ): Promise<MemberEmailView> {
    const memberId = memberIdOf(reader)
    const address = email.trim().toLowerCase()
    if (!queueMail || !siteOrigins) throw new AppError('unavailable', 'SERVICE_UNAVAILABLE')
    return inTransaction(db, async (tx) => {
      // One member's sends are counted one after the other (two clicks cannot both slip under the limit).
      if (!(await lockMemberRow(tx, memberId))) throw new AppError('unauthenticated', 'UNAUTHENTICATED')
      const current = await selectMemberEmail(tx, memberId)
      if (current?.address === address && current.verifiedAt) return emailViewOf(current)
      const now = clock.now()
      const addressHash = keyedHash(auth.secret, 'member-email', address)
      await checkVerificationLimits(tx, memberId, addressHash, now)
      const verificationId = randomUUID()
      const row = await upsertMemberEmail(tx, {
        memberId,
        address,
        verificationId,
        requestedAt: now,
        locale: client.locale,
        region: client.region,
      })
      await insertVerificationSend(tx, { memberId, addressHash, sentAt: now })
      const origin = siteOrigins[client.region]
      await queueMail(
        {
          idempotencyKey: `account-email-verification:${verificationId}`,
          kind: 'account-email-verification',
          to: address,
          locale: client.locale,
          siteOrigin: origin,
          variables: {
            actionUrl: `${origin}${mailLinkPath('verify')}?token=${verificationId}.${verificationSignature(verificationId)}`,
          },
        },
        tx,
      )
      return emailViewOf(row)
    })
  }

  /** Sends the verification mail of the address waiting for it again (a new link; the earlier one stops working). */
  async function resendEmailVerification(
    reader: Reader,
    client: { locale: Locale; region: Region },
  ): Promise<MemberEmailView> {
    const current = await selectMemberEmail(db, memberIdOf(reader))
    if (!current || current.verifiedAt) throw new AppError('conflict', MemberEmailErrorCode.nothingToVerify)
    return setMemberEmail(reader, current.address, client)
  }

  /**
   * The verification link's page button: the address is the member's, verified. Works without a login (the mail may
   * be read on another device); 'invalid' for a wrong token, a link older than 48 hours, or an address changed since.
   * Verifying twice is fine.
   */
  async function verifyMemberEmail(token: string): Promise<'verified' | 'invalid'> {
    const [id, signature] = token.split('.')
    if (!id || !signature || !/^[0-9a-f-]{36}$/.test(id)) return 'invalid'
    const expected = Buffer.from(verificationSignature(id))
    const given = Buffer.from(signature)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid'
    const now = clock.now()
    const verified = await markMemberEmailVerified(
      db,
      id,
      now,
      new Date(now.getTime() - emailVerificationRules.linkValidMs),
    )
    if (verified) return 'verified'
    const row = await selectMemberEmailByVerification(db, id)
    return row?.verifiedAt ? 'verified' : 'invalid'
  }

  /** The member removes their address: no mail goes to it any more. */
  async function removeMemberEmail(reader: Reader): Promise<MemberEmailView> {
    await deleteMemberEmail(db, memberIdOf(reader))
    return emailViewOf(undefined)
  }

  /**
   * Where another module's mail to a member goes (receipts, reminders, expert answers, notifications): the
   * member's verified address with the language and site they gave it on; undefined when they have none verified
   * (no mail is sent then). The one way other modules learn a member's address.
   */
  async function verifiedEmailOf(memberId: string): Promise<MemberMailRecipient | undefined> {
    const row = await selectMemberEmail(db, memberId)
    if (!row?.verifiedAt) return undefined
    return {
      address: row.address,
      locale: row.locale === 'zh-Hant' ? 'zh-Hant' : 'en',
      region: (row.region in regionSettings ? row.region : 'en') as Region,
    }
  }

  /** `verifiedEmailOf` for a batch of members in one query (the notification centre's deliveries): by member id. */
  async function verifiedEmailsOf(memberIds: readonly string[]): Promise<Map<string, MemberMailRecipient>> {
    const rows = await selectVerifiedEmailsOf(db, memberIds)
    return new Map(
      rows.map((row) => [
        row.memberId,
        {
          address: row.address,
          locale: row.locale === 'zh-Hant' ? 'zh-Hant' : 'en',
          region: (row.region in regionSettings ? row.region : 'en') as Region,
        },
      ]),
    )
  }

  /**
   * Which of these addresses (lower-cased) a member verified as theirs: address → member id (the weekly digest reads
   * a sign-up as its member's, with their plan and watchlist). An unverified address names nobody.
   */
  async function membersOfVerifiedEmails(addresses: readonly string[]): Promise<Map<string, string>> {
    return selectVerifiedMembersByAddresses(db, addresses)
  }

  /** Operators: the member of a number, registering it if needed (to grant a subscription before first login). */
  async function findOrRegisterMember(phone: string): Promise<{ id: string; phone: string }> {
    const member = await findOrInsertMember(db, { phone, locale: 'en', now: clock.now() })
    return { id: member.id, phone: member.phone }
  }

  async function findMember(phone: string): Promise<{ id: string; phone: string } | undefined> {
    const member = await findMemberByPhone(db, phone)
    return member ? { id: member.id, phone: member.phone } : undefined
  }

  /** The console's member page: the member's row (full number, name, dates), or undefined. */
  async function findMemberProfile(memberId: string): Promise<MemberRow | undefined> {
    return findMemberById(db, memberId)
  }

  /** The console names who did what (and whom a change was about): each member's number and display name, by id. */
  async function findMemberNames(
    memberIds: readonly string[],
  ): Promise<Map<string, { phone: string; displayName: string | null }>> {
    const rows = await selectMemberNames(db, [...new Set(memberIds)])
    return new Map(rows.map((row) => [row.id, { phone: row.phone, displayName: row.displayName }]))
  }

  /** The console's member page: the member's sessions that still log them in. */
  async function listMemberSessions(memberId: string) {
    return selectLiveMemberSessions(db, memberId, clock.now(), auth.sessionIdleMs)
  }

  /**
   * Holds the member's row until the caller's transaction ends, so two changes counted per member are taken one
   * after the other; answers their number, undefined when the member is gone.
   */
  async function holdMember(memberId: string, tx: Db): Promise<string | undefined> {
    return lockMemberRow(tx, memberId)
  }

  /** Console staff log a member out everywhere (in the caller's transaction, with its audit entry). */
  async function endMemberSessions(memberId: string, tx: Db = db): Promise<number> {
    return deleteMemberSessions(tx, memberId)
  }

  /** Housekeeping: codes older than two days, dead sessions, old outbox messages. */
  async function purgeExpired(): Promise<{ codes: number; sessions: number }> {
    const now = clock.now()
    const twoDaysAgo = new Date(now.getTime() - 2 * dayMs)
    const codes = await deleteLoginCodesBefore(db, twoDaysAgo)
    const sessions = await deleteDeadSessions(db, now, auth.sessionIdleMs)
    await deleteOutboxBefore(db, twoDaysAgo)
    await deleteVerificationSendsBefore(db, twoDaysAgo)
    return { codes, sessions }
  }

  /**
   * Retention (housekeeping): forgets the sessions that ended before `before` (RETENTION_ENDED_SESSIONS_DAYS ago).
   * Answers how many went.
   */
  async function forgetSessionsEndedBefore(before: Date): Promise<number> {
    return deleteInBatches((limit) =>
      deleteSessionsEndedBy(db, { endedBy: before, idleMs: auth.sessionIdleMs, limit }),
    )
  }

  return {
    sendLoginCode,
    logIn,
    continueSession,
    identifyReader,
    readerFromCookies,
    getMemberInfo,
    logOut,
    setDisplayName,
    logOutEverywhere,
    deleteAccount,
    getMemberEmail,
    setMemberEmail,
    resendEmailVerification,
    verifyMemberEmail,
    removeMemberEmail,
    verifiedEmailOf,
    membersOfVerifiedEmails,
    verifiedEmailsOf,
    findOrRegisterMember,
    findMember,
    findMemberProfile,
    findMemberNames,
    holdMember,
    listMemberSessions,
    endMemberSessions,
    purgeExpired,
    forgetSessionsEndedBefore,
  }
}

export type AccountsService = ReturnType<typeof createAccountsService>
