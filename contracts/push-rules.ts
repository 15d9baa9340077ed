/**
 * Web push (issue 26, ADR 0044) without zod, for the pages (ADR 0011): error codes, limits and the answer shapes.
 * The requests are in contracts/push.ts.
 */

/** Devices a member keeps subscribed; a new one beyond this replaces the one heard from least recently. */
export const pushDevicesPerMember = 20
/** Subscribe and unsubscribe calls per minute per client address: a person flipping the switch never meets it. */
export const pushWritesPerMinute = 60
/** The longest endpoint URL accepted (push services' are about 200–500 characters). */
export const pushEndpointMaxLength = 1024

export const PushErrorCode = {
  /** 404 — this site sends no notifications (PUSH_ENABLED=false, or production without VAPID keys). */
  disabled: 'PUSH_DISABLED',
  /** 400 — not a subscription a browser makes: an endpoint that is no HTTPS push service, or keys of wrong size. */
  subscriptionInvalid: 'PUSH_SUBSCRIPTION_INVALID',
} as const

/** GET /push/key: whether the site pushes, and the application server key browsers subscribe with. */
export type PushKeyAnswer = { enabled: true; publicKey: string } | { enabled: false; publicKey: null }

/** Whether this device's subscription is the member's (answer of subscribe, unsubscribe and device). */
export type PushDeviceAnswer = { subscribed: boolean }

/** The service worker reads this from a push message's data (contracts: server → service worker). */
export interface PushPayload {
  title: string
  body: string
  /** A path of the site the device subscribed on, opened when the notification is clicked. */
  url: string
  /** Notifications with the same tag replace each other on the device. */
  tag?: string
}
