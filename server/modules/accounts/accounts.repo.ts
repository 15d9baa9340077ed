import { and, count, desc, eq, gt, inArray, isNull, lt, min, sql } from 'drizzle-orm'
import { type Db, selectRows } from '#server/db/database.ts'
import type { VisitAttribution } from '#server/http/visit-attribution.ts'
import {
  devSmsOutbox,
  emailVerificationSends,
  loginCodes,
  memberEmails,
  members,
  sessions,
} from './accounts.sql.ts'

export type MemberRow = typeof members.$inferSelect

// --- Members ---------------------------------------------------------------------------------------------------

/** Registers the number at its first login, or records the login of an existing member. */
export async function upsertMemberAtLogin(
  db: Db,
  input: { phone: string; locale: string; now: Date; attribution: VisitAttribution },
): Promise<{ member: MemberRow; isNew: boolean }> {
  const rows = await db
    .insert(members)
    .values({
      phone: input.phone,
      locale: input.locale,
      registeredAt: input.now,
      lastLoginAt: input.now,
      signupReferer: input.attribution.referer,
      signupLanding: input.attribution.landing,
    })
    .onConflictDoUpdate({ target: members.phone, set: { lastLoginAt: input.now } })
    // xmax is 0 for a freshly inserted row and non-zero when the conflict branch updated an existing one.
    .returning({
      id: members.id,
      phone: members.phone,
      displayName: members.displayName,
      locale: members.locale,
      registeredAt: members.registeredAt,
      lastLoginAt: members.lastLoginAt,
      signupReferer: members.signupReferer,
      signupLanding: members.signupLanding,
      existed: sql<boolean>`(xmax <> 0)`,
    })
  const row = rows[0]
  if (!row) throw new Error('member upsert returned no row')
  const { existed, ...member } = row
  return { member, isNew: existed !== true }
}

/** Registers the number if it is new, without recording a login (operators granting a subscription). */
export async function findOrInsertMember(
  db: Db,
  input: { phone: string; locale: string; now: Date },
): Promise<MemberRow> {
  await db
    .insert(members)
    .values({ phone: input.phone, locale: input.locale, registeredAt: input.now, lastLoginAt: input.now })
    .onConflictDoNothing({ target: members.phone })
  const member = await findMemberByPhone(db, input.phone)
  if (!member) throw new Error('member insert lost')
  return member
}

export async function findMemberById(db: Db, id: string): Promise<MemberRow | undefined> {
  const rows = await db.select().from(members).where(eq(members.id, id)).limit(1)
  return rows[0]
}

/** The numbers and names of several members at once (gone members are left out). */
export async function selectMemberNames(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; phone: string; displayName: string | null }[]> {
  if (ids.length === 0) return []
  return db
    .select({ id: members.id, phone: members.phone, displayName: members.displayName })
    .from(members)
    .where(inArray(members.id, [...ids]))
}

export async function findMemberByPhone(db: Db, phone: string): Promise<MemberRow | undefined> {
  const rows = await db.select().from(members).where(eq(members.phone, phone)).limit(1)
  return rows[0]
}

/**
 * The member's number, holding their row until the caller's transaction ends (another module counts something per
 * member one after the other: the expert desk's monthly allowance); undefined when the member is gone.
 */
export async function lockMemberRow(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ phone: members.phone })
    .from(members)
    .where(eq(members.id, id))
    .for('update')
  return row?.phone
}

/** The account page's display name (null clears it). */
export async function updateDisplayName(
  db: Db,
  id: string,
  displayName: string | null,
): Promise<MemberRow | undefined> {
  const rows = await db.update(members).set({ displayName }).where(eq(members.id, id)).returning()
  return rows[0]
}

/**
 * Deletes a member and what identifies them: the row (its sessions and hand-overs go with it; subscriptions too,
 * while payments and the subscription history stay with the member set to null), and the login codes and
 * development messages kept by number. Answers whether there was such a member.
 */
export async function deleteMember(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(members).where(eq(members.id, id)).returning({ phone: members.phone })
  const phone = rows[0]?.phone
  if (!phone) return false
  await db.delete(loginCodes).where(eq(loginCodes.phone, phone))
  await db.delete(devSmsOutbox).where(eq(devSmsOutbox.phone, phone))
  return true
}

// --- Sessions --------------------------------------------------------------------------------------------------

export interface SessionWithMember {
  sessionId: string
  lastSeenAt: Date
  member: MemberRow
}

export async function insertSession(
  db: Db,
  input: { memberId: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<string> {
  const rows = await db
    .insert(sessions)
    .values({
      memberId: input.memberId,
      tokenHash: input.tokenHash,
      createdAt: input.now,
      lastSeenAt: input.now,
      expiresAt: input.expiresAt,
    })
    .returning({ id: sessions.id })
  const id = rows[0]?.id
  if (!id) throw new Error('session insert returned no row')
  return id
}

/** The live session of a token hash: not past its absolute end, and used within the idle time. */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: Date,
  idleMs: number,
): Promise<SessionWithMember | undefined> {
  const idleSince = new Date(now.getTime() - idleMs)
  const rows = await db
    .select({ sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, member: members })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        sql`${sessions.expiresAt} > ${now.toISOString()}::timestamptz`,
        sql`${sessions.lastSeenAt} > ${idleSince.toISOString()}::timestamptz`,
      ),
    )
    .limit(1)
  return rows[0]
}

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId))
}

export async function deleteSessionByTokenHash(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ id: sessions.id })
  return rows.length > 0
}

/** Logging out of every device: all the member's sessions end. Answers how many there were. */
export async function deleteMemberSessions(db: Db, memberId: string): Promise<number> {
  const rows = await db.delete(sessions).where(eq(sessions.memberId, memberId)).returning({ id: sessions.id })
  return rows.length
}

/** The member's sessions that can still be used (not past their end, used within the idle time), newest first. */
export async function selectLiveMemberSessions(
  db: Db,
  memberId: string,
  now: Date,
  idleMs: number,
): Promise<{ id: string; createdAt: Date; lastSeenAt: Date; expiresAt: Date }[]> {
  const idleSince = new Date(now.getTime() - idleMs)
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.memberId, memberId),
        sql`${sessions.expiresAt} > ${now.toISOString()}::timestamptz`,
        sql`${sessions.lastSeenAt} > ${idleSince.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(sessions.lastSeenAt))
}

/** Deletes the member's sessions that can no longer be used. */
export async function deleteDeadSessions(
  db: Db,
  now: Date,
  idleMs: number,
  memberId?: string,
): Promise<number> {
  const idleSince = new Date(now.getTime() - idleMs)
  const dead = sql`(${sessions.expiresAt} <= ${now.toISOString()}::timestamptz or ${sessions.lastSeenAt} <= ${idleSince.toISOString()}::timestamptz)`
  const rows = await db
    .delete(sessions)
    .where(memberId ? and(eq(sessions.memberId, memberId), dead) : dead)
    .returning({ id: sessions.id })
  return rows.length
}

/**
 * Deletes up to `limit` sessions that had ended by `endedBy` (past their absolute end, or unused for the idle time
 * by then); answers how many went.
 */
export async function deleteSessionsEndedBy(
  db: Db,
  { endedBy, idleMs, limit }: { endedBy: Date; idleMs: number; limit: number },
): Promise<number> {
  const idleSince = new Date(endedBy.getTime() - idleMs)
  const ended = sql`(${sessions.expiresAt} <= ${endedBy.toISOString()}::timestamptz or ${sessions.lastSeenAt} <= ${idleSince.toISOString()}::timestamptz)`
  const rows = await db
    .delete(sessions)
    .where(inArray(sessions.id, db.select({ id: sessions.id }).from(sessions).where(ended).limit(limit)))
    .returning({ id: sessions.id })
  return rows.length
}

// --- Login codes -----------------------------------------------------------------------------------------------

export interface CodeSendLimits {
  /** No new code before this instant after the last one (the resend countdown). */
  cooldownMs: number
  /** At most `max` codes per number within `ms`. */
  window: { ms: number; max: number }
  /** At most this many codes per number per calendar day. */
  daily: number
}

export type CodeInsertResult =
  | { outcome: 'inserted'; id: string }
  | { outcome: 'too-frequent' }
  | { outcome: 'daily-limit' }

/**
 * Stores a new code for the number if the send limits allow it, and ends the number's earlier codes (only the
 * newest code works). Serialised per number with a transaction-scoped advisory lock, so concurrent sends cannot
 * both pass a limit.
 */
export async function insertLoginCodeWithinLimits(
  db: Db,
  input: { phone: string; codeHash: string; sentDay: string; now: Date; expiresAt: Date },
  limits: CodeSendLimits,
): Promise<CodeInsertResult> {
  const now = input.now.toISOString()
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-code:${input.phone}`}))`)
    const windowStart = new Date(input.now.getTime() - limits.window.ms).toISOString()
    const cooldownStart = new Date(input.now.getTime() - limits.cooldownMs).toISOString()
    const counts = await selectRows<{ today: number; in_window: number; in_cooldown: number }>(
      tx as unknown as Db,
      sql`select
            count(*) filter (where sent_day = ${input.sentDay})::int as today,
            count(*) filter (where created_at > ${windowStart}::timestamptz)::int as in_window,
            count(*) filter (where created_at > ${cooldownStart}::timestamptz)::int as in_cooldown
          from login_codes where phone = ${input.phone}`,
    )
    const count = counts[0] ?? { today: 0, in_window: 0, in_cooldown: 0 }
    if (Number(count.today) >= limits.daily) return { outcome: 'daily-limit' }
    if (Number(count.in_window) >= limits.window.max || Number(count.in_cooldown) > 0)
      return { outcome: 'too-frequent' }
    await tx
      .update(loginCodes)
      .set({ expiresAt: input.now })
      .where(
        and(
          eq(loginCodes.phone, input.phone),
          sql`${loginCodes.usedAt} is null`,
          sql`${loginCodes.expiresAt} > ${now}::timestamptz`,
        ),
      )
    const rows = await tx
      .insert(loginCodes)
      .values({
        phone: input.phone,
        codeHash: input.codeHash,
        sentDay: input.sentDay,
        createdAt: input.now,
        expiresAt: input.expiresAt,
      })
      .returning({ id: loginCodes.id })
    const id = rows[0]?.id
    if (!id) throw new Error('login code insert returned no row')
    return { outcome: 'inserted', id }
  })
}

export async function deleteLoginCode(db: Db, id: string): Promise<void> {
  await db.delete(loginCodes).where(eq(loginCodes.id, id))
}

export type CodeCheck =
  | { outcome: 'accepted' }
  | { outcome: 'wrong'; wrongAttempts: number }
  | { outcome: 'no-code' | 'used' | 'expired' | 'too-many-attempts' }

/**
 * Checks a code against the number's newest code and records the outcome in one statement: a match marks it
 * used, a miss counts a wrong try. The row lock makes two concurrent right answers use the code once.
 */
export async function checkLoginCode(
  db: Db,
  input: { phone: string; codeHash: string; now: Date; maxWrongAttempts: number },
): Promise<CodeCheck> {
  const now = input.now.toISOString()
  const rows = await selectRows<{ matched: boolean; wrong_attempts: number }>(
    db,
    sql`update login_codes c set
          wrong_attempts = c.wrong_attempts + (case when c.code_hash = ${input.codeHash} then 0 else 1 end),
          used_at = case when c.code_hash = ${input.codeHash} then ${now}::timestamptz else null end
        where c.id = (select id from login_codes where phone = ${input.phone} order by created_at desc limit 1)
          and c.used_at is null
          and c.expires_at > ${now}::timestamptz
          and c.wrong_attempts < ${input.maxWrongAttempts}
        returning (c.code_hash = ${input.codeHash}) as matched, c.wrong_attempts`,
  )
  const row = rows[0]
  if (row)
    return row.matched
      ? { outcome: 'accepted' }
      : { outcome: 'wrong', wrongAttempts: Number(row.wrong_attempts) }
  // Refused without a change: say why, from the newest code.
  const latest = await db
    .select()
    .from(loginCodes)
    .where(eq(loginCodes.phone, input.phone))
    .orderBy(desc(loginCodes.createdAt))
    .limit(1)
  const code = latest[0]
  if (!code) return { outcome: 'no-code' }
  if (code.usedAt) return { outcome: 'used' }
  if (code.wrongAttempts >= input.maxWrongAttempts) return { outcome: 'too-many-attempts' }
  return { outcome: 'expired' }
}

export async function deleteLoginCodesBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(loginCodes)
    .where(lt(loginCodes.createdAt, before))
    .returning({ id: loginCodes.id })
  return rows.length
}

// --- Development outbox ----------------------------------------------------------------------------------------

export async function insertOutboxMessage(db: Db, message: { phone: string; body: string }): Promise<void> {
  await db.insert(devSmsOutbox).values(message)
}

export async function listOutboxMessages(db: Db, phone: string, limit: number) {
  return db
    .select({ phone: devSmsOutbox.phone, body: devSmsOutbox.body, createdAt: devSmsOutbox.createdAt })
    .from(devSmsOutbox)
    .where(eq(devSmsOutbox.phone, phone))
    .orderBy(desc(devSmsOutbox.createdAt))
    .limit(limit)
}

export async function deleteOutboxBefore(db: Db, before: Date): Promise<void> {
  await db.delete(devSmsOutbox).where(lt(devSmsOutbox.createdAt, before))
}

// --- Email addresses -------------------------------------------------------------------------------------------

export type MemberEmailRow = typeof memberEmails.$inferSelect

export async function selectMemberEmail(db: Db, memberId: string): Promise<MemberEmailRow | undefined> {
  const rows = await db.select().from(memberEmails).where(eq(memberEmails.memberId, memberId)).limit(1)
  return rows[0]
}

/** The verified addresses of these members (one query for a batch of recipients). */
export async function selectVerifiedEmailsOf(
  db: Db,
  memberIds: readonly string[],
): Promise<MemberEmailRow[]> {
  if (memberIds.length === 0) return []
  return db
    .select()
    .from(memberEmails)
    .where(and(inArray(memberEmails.memberId, [...memberIds]), sql`${memberEmails.verifiedAt} is not null`))
}

/** The members whose verified address is one of these (lower-cased): address → member id. */
export async function selectVerifiedMembersByAddresses(
  db: Db,
  addresses: readonly string[],
): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map()
  const rows = await db
    .select({ address: memberEmails.address, memberId: memberEmails.memberId })
    .from(memberEmails)
    .where(and(inArray(memberEmails.address, [...addresses]), sql`${memberEmails.verifiedAt} is not null`))
  return new Map(rows.map((row) => [row.address, row.memberId]))
}

/** Gives the member an address to verify (a new one, or the same again): unverified, with a new verification id. */
export async function upsertMemberEmail(
  db: Db,
  row: Omit<MemberEmailRow, 'verifiedAt'>,
): Promise<MemberEmailRow> {
  const rows = await db
    .insert(memberEmails)
    .values({ ...row, verifiedAt: null })
    .onConflictDoUpdate({
      target: memberEmails.memberId,
      set: {
        address: row.address,
        verifiedAt: null,
        verificationId: row.verificationId,
        requestedAt: row.requestedAt,
        locale: row.locale,
        region: row.region,
      },
    })
    .returning()
  const saved = rows[0]
  if (!saved) throw new Error('member email upsert returned no row')
  return saved
}

/** Marks the address of a verification id verified, if it still is the member's and was given after `since`. */
export async function verifyMemberEmail(
  db: Db,
  verificationId: string,
  at: Date,
  since: Date,
): Promise<MemberEmailRow | undefined> {
  const rows = await db
    .update(memberEmails)
    .set({ verifiedAt: at })
    .where(
      and(
        eq(memberEmails.verificationId, verificationId),
        isNull(memberEmails.verifiedAt),
        gt(memberEmails.requestedAt, since),
      ),
    )
    .returning()
  return rows[0]
}

export async function selectMemberEmailByVerification(
  db: Db,
  verificationId: string,
): Promise<MemberEmailRow | undefined> {
  const rows = await db
    .select()
    .from(memberEmails)
    .where(eq(memberEmails.verificationId, verificationId))
    .limit(1)
  return rows[0]
}

export async function deleteMemberEmail(db: Db, memberId: string): Promise<boolean> {
  const rows = await db
    .delete(memberEmails)
    .where(eq(memberEmails.memberId, memberId))
    .returning({ memberId: memberEmails.memberId })
  return rows.length > 0
}

/** Verification mails sent since `since`, to the member and to the address: how many, and the oldest of each. */
export async function countVerificationSends(
  db: Db,
  input: { memberId: string; addressHash: string; since: Date },
): Promise<{
  member: { sent: number; oldest: Date | null; newest: Date | null }
  address: { sent: number; oldest: Date | null }
}> {
  const [byMember, byAddress] = await Promise.all([
    db
      .select({
        sent: count(),
        oldest: min(emailVerificationSends.sentAt),
        newest: sql<Date | string | null>`max(${emailVerificationSends.sentAt})`,
      })
      .from(emailVerificationSends)
      .where(
        and(
          eq(emailVerificationSends.memberId, input.memberId),
          gt(emailVerificationSends.sentAt, input.since),
        ),
      ),
    db
      .select({ sent: count(), oldest: min(emailVerificationSends.sentAt) })
      .from(emailVerificationSends)
      .where(
        and(
          eq(emailVerificationSends.addressHash, input.addressHash),
          gt(emailVerificationSends.sentAt, input.since),
        ),
      ),
  ])
  const newest = byMember[0]?.newest
  return {
    member: {
      sent: byMember[0]?.sent ?? 0,
      oldest: byMember[0]?.oldest ?? null,
      newest: newest ? new Date(newest) : null,
    },
    address: { sent: byAddress[0]?.sent ?? 0, oldest: byAddress[0]?.oldest ?? null },
  }
}

export async function insertVerificationSend(
  db: Db,
  send: { memberId: string; addressHash: string; sentAt: Date },
): Promise<void> {
  await db.insert(emailVerificationSends).values(send)
}

export async function deleteVerificationSendsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(emailVerificationSends).where(lt(emailVerificationSends.sentAt, before))
}
