/**
 * Outgoing mail: queued once (an idempotency key per message), sent by the `mail-queue` job at least once with
 * retries and backoff, skipped for suppressed addresses, and read back from the outbox by the console.
 * Decides the message's headers (a stable Message-ID; List-Unsubscribe and List-Unsubscribe-Post, RFC 8058, on
 * every message of a list), the retry schedule, what a refusal means (a permanent refusal of the recipient
 * suppresses the address) and what an unsubscribe does. Leaves what a message says to its template
 * (mail-templates.ts), who gets which message and when to the modules that queue them (the newsletter), and how a
 * message leaves to the adapter (server/providers/mail). Never logs an address or a message's content.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto'
import { mailLinkPath, mailOneClickUnsubscribeApiPath } from '#contracts/mail-links.ts'
import type { Locale } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import { deleteInBatches } from '#server/db/batches.ts'
import type { Db } from '#server/db/database.ts'
import { keyedHash } from '#server/kernel/secrets.ts'
import type { MailConfig } from '#server/providers/mail/mail.config.ts'
import { createMailSender } from '#server/providers/mail/mail-provider.ts'
import { MailDeliveryError, type MailMessage, type MailSender } from '#server/providers/mail/mail-sender.ts'
import {
  claimDueMail,
  countMailByKeyPrefix,
  deleteFinishedMailBefore,
  deleteOutboxBefore,
  deleteUnsubscribe,
  findSuppression,
  finishAttempt,
  insertOutboxMessage,
  insertQueuedMail,
  insertQueuedMailBatch,
  insertSuppression,
  type QueuedMail,
  selectOutboxMessage,
  selectOutboxPage,
  selectQueuedMail,
  selectSuppressionsOf,
} from './mail.repo.ts'
import { type MailKind, type MailVariables, renderMail } from './mail-templates.ts'

export type { IssueCounts } from './mail.repo.ts'

/** Attempts before a message is given up (the last about a day after the first). */
export const mailMaxAttempts = 8
/** How long a claimed message is a worker's before another may take it over (a stopped worker's claim lapses). */
const leaseMs = 5 * 60 * 1000
/** Messages claimed at a time (their suppressions read in one query). */
const batchSize = 100
/**
 * Messages of a batch in flight at once: the SMTP adapter's pool keeps 5 connections (nodemailer's default), and one
 * message at a time left four of them idle (about 50 messages/s on a busy machine, a 100,000-reader digest in half
 * an hour).
 */
const sendConcurrency = 5

/** The wait before attempt n+1 after n failed ones: 1, 2, 4 … minutes, at most 6 hours. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, failedAttempts - 1), 6 * 60 * 60 * 1000)
}

export interface QueueMailRequest {
  /** Unique per message: queuing it again keeps the first (nothing is sent twice). */
  idempotencyKey: string
  kind: MailKind
  /** A non-transactional message's list (one-click unsubscribe leaves it); null or absent for transactional. */
  list?: string | null | undefined
  to: string
  locale: Locale
  /** The origin of the site the reader used (links and the footer name it). */
  siteOrigin: string
  variables: MailVariables
}

export interface MailDependencies {
  db: Db
  clock: Clock
  config: MailConfig
  /** Signs unsubscribe links (the session secret). */
  secret: string
  /** Replaces the configured adapter (tests). */
  sender?: MailSender | undefined
  /** Told when an address leaves a list by an unsubscribe (the newsletter marks its sign-up). */
  onUnsubscribed?: (address: string, list: string) => Promise<void>
  log: { info(details: object, message: string): void; warn(details: object, message: string): void }
}

export function createMailService({
  db,
  clock,
  config,
  secret,
  sender,
  onUnsubscribed,
  log,
}: MailDependencies) {
  async function saveToOutbox(message: MailMessage & { from: string }) {
    const id = await insertOutboxMessage(db, {
      messageId: message.messageId,
      fromAddress: message.from,
      toAddress: message.to,
      subject: message.subject,
      headers: message.headers,
      html: message.html,
      text: message.text,
      createdAt: clock.now(),
    })
    return { id: `outbox-${id}` }
  }
  const mailSender = sender ?? createMailSender(config, { saveToOutbox })
  const domain = (config.from.match(/@([^>\s]+)/)?.[1] ?? 'tickerwise.localhost').toLowerCase()

  const unsubscribeSignature = (messageId: string) => keyedHash(secret, 'mail-unsubscribe', messageId)

  /** The token an unsubscribe link carries: the message's id and its signature (no address). */
  function unsubscribeTokenOf(messageId: string): string {
    return `${messageId}.${unsubscribeSignature(messageId)}`
  }

  /** The message's row, rendered now: its links, unsubscribe token and Message-ID all hang on its fresh id. */
  function messageRowOf(request: QueueMailRequest) {
    const id = randomUUID()
    const to = request.to.trim().toLowerCase()
    const origin = request.siteOrigin.replace(/\/+$/, '')
    const list = request.list ?? null
    const token = unsubscribeTokenOf(id)
    const unsubscribeUrl = list ? `${origin}${mailLinkPath('unsubscribe')}?token=${token}` : undefined
    const rendered = renderMail(request.kind, request.locale, request.variables, {
      site: origin,
      unsubscribeUrl,
    })
    const headers: Record<string, string> = list
      ? {
          'List-Unsubscribe': `<${origin}/api/portal${mailOneClickUnsubscribeApiPath}?token=${token}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'List-Id': `<${list}.${domain}>`,
        }
      : {}
    return {
      id,
      idempotencyKey: request.idempotencyKey,
      kind: request.kind,
      list,
      toAddress: to,
      locale: request.locale,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      headers,
      nextAttemptAt: clock.now(),
    }
  }

  /**
   * Queues a message, rendered now; false when one with its idempotency key was queued before. Given the caller's
   * transaction, the message is queued with the change it reports, or not at all.
   */
  async function queueMail(request: QueueMailRequest, tx: Db = db): Promise<boolean> {
    const row = messageRowOf(request)
    const queued = await insertQueuedMail(tx, row)
    if (queued) log.info({ kind: request.kind, mail: row.id }, 'mail queued')
    return queued
  }

  /**
   * Queues many messages in one statement (a list's issue, a batch of recipients at a time); those whose key was
   * queued before are kept as they were. Answers how many were queued now.
   */
  async function queueMailBatch(requests: readonly QueueMailRequest[]): Promise<number> {
    if (requests.length === 0) return 0
    const queued = await insertQueuedMailBatch(db, requests.map(messageRowOf))
    if (queued > 0) log.info({ kind: requests[0]?.kind, queued }, 'mail batch queued')
    return queued
  }

  /** What a message would look like, without queuing it (the console's preview); its unsubscribe link is inert. */
  function previewMail(request: Omit<QueueMailRequest, 'idempotencyKey' | 'to'>) {
    const origin = request.siteOrigin.replace(/\/+$/, '')
    return renderMail(request.kind, request.locale, request.variables, {
      site: origin,
      unsubscribeUrl: request.list ? `${origin}${mailLinkPath('unsubscribe')}?token=preview` : undefined,
    })
  }

  /**
   * How the messages whose idempotency keys start with `keyPrefix` fared (one issue of a list): how many were
   * queued, are waiting, were sent, failed or suppressed, and how many of their addresses left the list since.
   */
  function countIssue(keyPrefix: string) {
    return countMailByKeyPrefix(db, keyPrefix)
  }

  /** Each address's suppressions (by list, `*` for every list) of a claimed batch, from one query. */
  async function suppressionsOf(batch: readonly QueuedMail[]): Promise<Map<string, Map<string, string>>> {
    const byAddress = new Map<string, Map<string, string>>()
    for (const row of await selectSuppressionsOf(
      db,
      batch.map((mail) => mail.toAddress),
    )) {
      const lists = byAddress.get(row.address) ?? new Map<string, string>()
      lists.set(row.list, row.reason)
      byAddress.set(row.address, lists)
    }
    return byAddress
  }

  /**
   * One attempt of a claimed message. `suppressions` are its batch's, read when it was claimed; a bounce during the
   * batch is added to them, so a second message to that address in the batch is not sent.
   */
  async function attempt(
    mail: QueuedMail,
    suppressions: Map<string, Map<string, string>>,
  ): Promise<'sent' | 'retry' | 'failed' | 'suppressed'> {
    const lists = suppressions.get(mail.toAddress)
    const suppressed = lists?.get('*') ?? (mail.list ? lists?.get(mail.list) : undefined)
    if (suppressed !== undefined) {
      await finishAttempt(db, mail, { status: 'suppressed', lastError: `suppressed: ${suppressed}` })
      return 'suppressed'
    }
    try {
      await mailSender.send({
        to: mail.toAddress,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
        messageId: `<${mail.id}@${domain}>`,
      })
      await finishAttempt(db, mail, { status: 'sent', sentAt: clock.now(), lastError: null })
      log.info({ mail: mail.id, kind: mail.kind, attempts: mail.attempts }, 'mail sent')
      return 'sent'
    } catch (error) {
      const failure =
        error instanceof MailDeliveryError ? error : new MailDeliveryError(false, { reason: 'adapter error' })
      const reason = `${failure.detail.reason}${failure.detail.responseCode ? ` ${failure.detail.responseCode}` : ''}`
      if (failure.permanent) {
        // The server refused this recipient for good: nothing more goes to the address (a hard bounce).
        await insertSuppression(db, { address: mail.toAddress, list: '*', reason: 'bounce' })
        suppressions.set(mail.toAddress, new Map([...(lists ?? []), ['*', 'bounce']]))
        await finishAttempt(db, mail, { status: 'failed', lastError: reason })
        log.warn({ mail: mail.id, kind: mail.kind, reason }, 'mail refused for good; address suppressed')
        return 'failed'
      }
      if (mail.attempts >= mailMaxAttempts) {
        await finishAttempt(db, mail, { status: 'failed', lastError: reason })
        log.warn({ mail: mail.id, kind: mail.kind, reason, attempts: mail.attempts }, 'mail given up')
        return 'failed'
      }
      await finishAttempt(db, mail, {
        status: 'pending',
        lastError: reason,
        nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(mail.attempts)),
      })
      log.warn(
        { mail: mail.id, kind: mail.kind, reason, attempts: mail.attempts },
        'mail not sent; will retry',
      )
      return 'retry'
    }
  }

  /**
   * Sends what is due (the `mail-queue` job): claims a batch, attempts each, until nothing is due. Safe to run in
   * several processes at once: a message is claimed by one of them at a time.
   */
  async function deliverDue(signal?: AbortSignal) {
    const counts = { sent: 0, retry: 0, failed: 0, suppressed: 0 }
    for (;;) {
      if (signal?.aborted) break
      const now = clock.now()
      const claimed = await claimDueMail(db, now, new Date(now.getTime() + leaseMs), batchSize)
      const suppressions = await suppressionsOf(claimed)
      // A few messages in flight at once, each finished (sent, retry, failed) as soon as its answer comes.
      let next = 0
      const sender = async () => {
        while (next < claimed.length) {
          const mail = claimed[next++] as QueuedMail
          counts[await attempt(mail, suppressions)]++
        }
      }
      await Promise.all(Array.from({ length: Math.min(sendConcurrency, claimed.length) }, sender))
      if (claimed.length < batchSize) break
    }
    return counts
  }

  /** Reads an unsubscribe token: the message it was sent with, if the signature is right. */
  async function messageOfToken(token: string): Promise<QueuedMail | undefined> {
    const [id, signature] = token.split('.')
    if (!id || !signature || !/^[0-9a-f-]{36}$/.test(id)) return undefined
    const expected = Buffer.from(unsubscribeSignature(id))
    const given = Buffer.from(signature)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined
    return selectQueuedMail(db, id)
  }

  /**
   * The one-click unsubscribe (and the unsubscribe page's button): the address leaves the list the message was
   * sent for. Idempotent; false for a token that names no message of a list.
   */
  async function unsubscribe(token: string): Promise<boolean> {
    const mail = await messageOfToken(token)
    if (!mail?.list) return false
    await insertSuppression(db, { address: mail.toAddress, list: mail.list, reason: 'unsubscribe' })
    await onUnsubscribed?.(mail.toAddress, mail.list)
    log.info({ mail: mail.id, list: mail.list }, 'unsubscribed')
    return true
  }

  /** Stops every message to an address (a bounce or a complaint reported by the provider or the operator). */
  async function suppressAddress(address: string, reason: 'bounce' | 'complaint'): Promise<void> {
    await insertSuppression(db, { address: address.trim().toLowerCase(), list: '*', reason })
  }

  /** An address that left a list and joined it again (confirmed anew) receives the list's mail again. */
  async function resubscribe(address: string, list: string): Promise<void> {
    await deleteUnsubscribe(db, address.trim().toLowerCase(), list)
  }

  /** Whether a message of `list` (null: transactional) to `address` would be suppressed. */
  async function isSuppressed(address: string, list: string | null): Promise<boolean> {
    return (await findSuppression(db, address.trim().toLowerCase(), list)) !== undefined
  }

  /** The console's outbox: newest first. */
  async function listOutbox(page: { page: number; pageSize: number }) {
    return selectOutboxPage(db, page)
  }

  async function getOutboxMessage(id: string) {
    return selectOutboxMessage(db, id)
  }

  /**
   * Retention (housekeeping, RETENTION_MAIL_DAYS): forgets messages queued before `before` that are done with, and
   * the outbox's copies kept before it. Answers how many rows went. A message forgotten no longer blocks its
   * idempotency key: every key names a day, a week or a one-off event, so none is queued again that late.
   */
  async function forgetMailBefore(before: Date): Promise<number> {
    const queued = await deleteInBatches((limit) => deleteFinishedMailBefore(db, before, limit))
    return queued + (await deleteInBatches((limit) => deleteOutboxBefore(db, before, limit)))
  }

  return {
    adapter: mailSender.name,
    forgetMailBefore,
    queueMail,
    queueMailBatch,
    previewMail,
    countIssue,
    deliverDue,
    unsubscribe,
    unsubscribeTokenOf,
    suppressAddress,
    resubscribe,
    isSuppressed,
    listOutbox,
    getOutboxMessage,
    close: () => mailSender.close?.(),
  }
}

export type MailService = ReturnType<typeof createMailService>
