/**
 * Web push (issue 26, ADR 0044): a member's devices subscribe and unsubscribe, and other modules send a member a
 * notification with `sendPush`, written in each device's language and sent at most once per device and idempotency
 * key. Decides which endpoints are acceptable (HTTPS push services; loopback only in develop, for the tests' fake),
 * encrypts payloads (aes128gcm, RFC 8291) and signs with VAPID (RFC 8292) through `web-push`, and forgets a device
 * whose push service says its endpoint is gone (404/410). Leaves to its callers what is worth a notification, which
 * kinds a member wants on which channel, and retrying a message whose push service was busy (they call again with the
 * same key); leaves to the service worker (public/sw.js) how a notification looks and what a click opens.
 */
import { isIP } from 'node:net'
import { CommonErrorCode } from '#contracts/envelope.ts'
import type { PushSubscribeRequest } from '#contracts/push.ts'
import {
  type PushDeviceAnswer,
  PushErrorCode,
  type PushKeyAnswer,
  type PushPayload,
  pushDevicesPerMember,
} from '#contracts/push-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { onFirstUse } from '#server/kernel/on-first-use.ts'
import { isLoggedIn, type Reader } from '#server/kernel/reader.ts'
import type { PushConfig } from './push.config.ts'
import {
  claimDelivery,
  deleteMemberDeliveriesBefore,
  deleteMemberSubscription,
  deleteSubscription,
  markSubscriptionActive,
  type PushSubscriptionRecord,
  releaseDelivery,
  selectMemberSubscription,
  selectMemberSubscriptions,
  selectMembersWithSubscriptions,
  settleDelivery,
  upsertSubscription,
} from './push.repo.ts'

/**
 * `web-push` and what it brings (bn.js, asn1.js, http_ece, jws: some 200 kB of source) load with the first
 * notification sent: a process that sends none never holds them.
 */
const loadWebPush = onFirstUse(() => import('web-push').then((module) => module.default))

/** What a caller says, in both languages: each device reads it in the language of the site it subscribed on. */
export interface PushMessage {
  title: Record<Locale, string>
  body: Record<Locale, string>
  /** A path of the site (`/member/alerts`), opened on the device's own regional site when clicked. */
  url: string
  /** Notifications with the same tag replace each other on the device (and pending ones at the push service). */
  tag?: string
}

/** How one `sendPush` went, per device. */
export interface PushSendReport {
  /** Accepted by the push service now. */
  sent: number
  /** Already sent (or being sent) under this idempotency key: nothing was sent again. */
  skipped: number
  /** The push service said the endpoint is gone: the subscription was deleted. */
  removed: number
  /** Refused for good (the message is not tried again under this key). */
  failed: number
  /** The push service could not take it now (busy, unreachable): calling again with the key tries again. */
  retryable: number
}

/** One POST to a push service; answers its HTTP status (tests hand in their own, the site uses fetch). */
export type PushTransport = (request: {
  endpoint: string
  headers: Record<string, string>
  body: Buffer
}) => Promise<number>

export interface PushLog {
  info(details: Record<string, unknown>, message: string): void
  warn(details: Record<string, unknown>, message: string): void
}

/** How long a device's claim on a message holds before another sender may take it over (its sender stopped). */
const deliveryLeaseMs = 5 * 60_000
/** How long a push service keeps a message for a device that is offline. */
const timeToLiveSeconds = 24 * 60 * 60
/** Delivery records outlive any retry of the same key by far, and then go. */
const deliveryMemoryMs = 30 * 24 * 60 * 60_000
const sendTimeoutMs = 10_000

export const fetchTransport: PushTransport = async ({ endpoint, headers, body }) => {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers,
    body: new Uint8Array(body),
    redirect: 'error',
    signal: AbortSignal.timeout(sendTimeoutMs),
  })
  await response.body?.cancel()
  return response.status
}

function isLoopbackHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '')
  return bare === 'localhost' || bare === '::1' || /^127\./.test(bare)
}

/**
 * Whether the server may POST to the endpoint. The server makes that request on a member's word, so an endpoint
 * must look like a push service: HTTPS on a public host name (no IP literals, no local names). Develop also accepts
 * this machine over HTTP: the tests' fake push service.
 */
export function isAcceptableEndpoint(endpoint: string, allowLoopback: boolean): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  if (allowLoopback && isLoopbackHost(url.hostname) && /^https?:$/.test(url.protocol)) return true
  if (url.protocol !== 'https:') return false
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (isIP(host) !== 0 || !host.includes('.')) return false
  return !/(^|\.)(localhost|local|internal|localdomain|home|lan)$/.test(host)
}

/** A tag as the Topic header takes it: URL-safe base64 characters, at most 32. */
function topicOf(tag: string | undefined): string | undefined {
  if (!tag) return undefined
  const topic = tag.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32)
  return topic || undefined
}

export function createPushService(options: {
  db: Db
  clock: Clock
  config: PushConfig
  log: PushLog
  transport?: PushTransport
}) {
  const { db, clock, config, log } = options
  const transport = options.transport ?? fetchTransport

  function enabledConfig() {
    if (!config.enabled) throw new AppError('not_found', PushErrorCode.disabled)
    return config
  }

  function memberOf(reader: Reader): string {
    if (!isLoggedIn(reader)) throw new AppError('unauthenticated', CommonErrorCode.unauthenticated)
    return reader.memberId
  }

  /** The application server key the browser subscribes with (GET /push/key). */
  function getPushKey(): PushKeyAnswer {
    return config.enabled
      ? { enabled: true, publicKey: config.vapid.publicKey }
      : { enabled: false, publicKey: null }
  }

  /** Ties this device's subscription to the member, in the language of the site it was made on (POST /push/subscribe). */
  async function subscribeDevice(
    reader: Reader,
    subscription: PushSubscribeRequest,
    locale: Locale,
  ): Promise<PushDeviceAnswer> {
    const settings = enabledConfig()
    const memberId = memberOf(reader)
    if (!isAcceptableEndpoint(subscription.endpoint, settings.allowLoopbackEndpoints)) {
      throw new AppError('invalid', PushErrorCode.subscriptionInvalid)
    }
    const stored = await upsertSubscription(db, {
      memberId,
      deviceKey: reader.device.key,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh.replace(/=+$/, ''),
      auth: subscription.keys.auth.replace(/=+$/, ''),
      locale,
      at: clock.now(),
    })
    // Beyond the limit the devices heard from least recently go: a phone given away stops getting the member's news.
    const devices = await selectMemberSubscriptions(db, memberId)
    for (const old of devices.slice(0, Math.max(0, devices.length - pushDevicesPerMember))) {
      if (old.id !== stored.id) await deleteSubscription(db, old.id)
    }
    log.info({ subscriptionId: stored.id, locale }, 'push device subscribed')
    return { subscribed: true }
  }

  /** Stops notifications to this device (POST /push/unsubscribe); another member's endpoint is left alone. */
  async function unsubscribeDevice(reader: Reader, endpoint: string): Promise<PushDeviceAnswer> {
    enabledConfig()
    await deleteMemberSubscription(db, memberOf(reader), endpoint)
    return { subscribed: false }
  }

  /** Whether the device's subscription sends the member's notifications (POST /push/device). */
  async function isDeviceSubscribed(reader: Reader, endpoint: string): Promise<PushDeviceAnswer> {
    enabledConfig()
    return { subscribed: (await selectMemberSubscription(db, memberOf(reader), endpoint)) !== undefined }
  }

  async function sendToDevice(
    device: PushSubscriptionRecord,
    payload: PushPayload,
    idempotencyKey: string,
    report: PushSendReport,
  ): Promise<void> {
    if (!config.enabled) return
    const webPush = await loadWebPush()
    const now = clock.now()
    const claimed = await claimDelivery(
      db,
      device.id,
      idempotencyKey,
      now,
      new Date(now.getTime() - deliveryLeaseMs),
    )
    if (!claimed) {
      report.skipped += 1
      return
    }
    const topic = topicOf(payload.tag)
    const details = webPush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: config.vapid,
        TTL: timeToLiveSeconds,
        contentEncoding: 'aes128gcm',
        ...(topic ? { topic } : {}),
      },
    )
    // fetch counts the body itself.
    const headers = Object.fromEntries(
      Object.entries(details.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    )
    let status: number
    try {
      status = await transport({ endpoint: device.endpoint, headers, body: details.body })
    } catch (error) {
      await releaseDelivery(db, device.id, idempotencyKey)
      report.retryable += 1
      log.warn(
        { subscriptionId: device.id, reason: error instanceof Error ? error.name : 'unknown' },
        'push service unreachable',
      )
      return
    }
    if (status >= 200 && status < 300) {
      await settleDelivery(db, device.id, idempotencyKey, 'sent')
      await markSubscriptionActive(db, device.id, clock.now())
      report.sent += 1
    } else if (status === 404 || status === 410) {
      // The browser unsubscribed, or the subscription expired: the endpoint never takes a message again.
      await deleteSubscription(db, device.id)
      report.removed += 1
      log.info({ subscriptionId: device.id, status }, 'push endpoint gone; subscription deleted')
    } else if (status === 429 || status >= 500) {
      await releaseDelivery(db, device.id, idempotencyKey)
      report.retryable += 1
      log.warn({ subscriptionId: device.id, status }, 'push service busy')
    } else {
      await settleDelivery(db, device.id, idempotencyKey, 'failed')
      report.failed += 1
      log.warn({ subscriptionId: device.id, status }, 'push message refused')
    }
  }

  /**
   * Sends the member a notification on every subscribed device, each in its site's language. The idempotency key
   * names the message for good (`alert:<id>:<crossing>`): called again with it, a device that has the message gets
   * nothing; one whose push service was busy is tried again. Sends nothing when push is off.
   */
  async function sendPush(
    memberId: string,
    message: PushMessage,
    idempotencyKey: string,
  ): Promise<PushSendReport> {
    if (!message.url.startsWith('/') || message.url.startsWith('//')) {
      throw new Error('a push message opens a path of the site (/…)')
    }
    const report: PushSendReport = { sent: 0, skipped: 0, removed: 0, failed: 0, retryable: 0 }
    if (!config.enabled) return report
    await deleteMemberDeliveriesBefore(db, memberId, new Date(clock.now().getTime() - deliveryMemoryMs))
    const devices = await selectMemberSubscriptions(db, memberId)
    for (const device of devices) {
      const payload: PushPayload = {
        title: message.title[device.locale],
        body: message.body[device.locale],
        url: message.url,
        ...(message.tag ? { tag: message.tag } : {}),
      }
      await sendToDevice(device, payload, idempotencyKey, report)
    }
    return report
  }

  /** Which of these members have a device to push to (none while push is off): a batch's senders skip the rest. */
  async function membersWithDevices(memberIds: readonly string[]): Promise<Set<string>> {
    if (!config.enabled) return new Set()
    return selectMembersWithSubscriptions(db, memberIds)
  }

  return { getPushKey, subscribeDevice, unsubscribeDevice, isDeviceSubscribed, sendPush, membersWithDevices }
}

export type PushService = ReturnType<typeof createPushService>
