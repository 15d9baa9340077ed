/**
 * Requests of the web push API (issue 26, ADR 0044); answers, limits and codes are in push-rules.ts. The endpoint
 * is a capability (whoever knows it may push to the device), so it travels in bodies, never in URLs or logs.
 *
 *   GET  /push/key                                     → PushKeyAnswer (anyone)
 *   POST /push/subscribe   { endpoint, keys, expirationTime? } → PushDeviceAnswer (members)
 *   POST /push/unsubscribe { endpoint }                → PushDeviceAnswer (members; only their own device)
 *   POST /push/device      { endpoint }                → PushDeviceAnswer (is this device the member's?)
 */
import { z } from 'zod'
import { PushErrorCode, pushEndpointMaxLength } from './push-rules.ts'

export * from './push-rules.ts'

const invalid = PushErrorCode.subscriptionInvalid

const Endpoint = z
  .string(invalid)
  .trim()
  .max(pushEndpointMaxLength, invalid)
  .refine((value) => URL.canParse(value), invalid)

/** URL-safe base64 (padding tolerated) decoding to exactly `bytes` bytes. */
const base64UrlKey = (bytes: number) =>
  z
    .string(invalid)
    .trim()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, invalid)
    .refine((value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes, invalid)

export const PushSubscribeRequest = z.object({
  endpoint: Endpoint,
  keys: z.object(
    {
      /** The browser's P-256 public key, uncompressed (65 bytes). */
      p256dh: base64UrlKey(65),
      /** The 16-byte authentication secret. */
      auth: base64UrlKey(16),
    },
    invalid,
  ),
  expirationTime: z.number().nullable().optional(),
})
export type PushSubscribeRequest = z.infer<typeof PushSubscribeRequest>

export const PushEndpointRequest = z.object({ endpoint: Endpoint })
export type PushEndpointRequest = z.infer<typeof PushEndpointRequest>
