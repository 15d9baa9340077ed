/**
 * Sending a text message. Adapters: `console` (development: the log and a development outbox the tests read) and
 * `twilio` (Twilio's Messages REST API). Callers pass the whole text; adapters never log it, except `console`,
 * whose purpose is to show it.
 */
export interface SmsMessage {
  /** E.164, e.g. +85291234567. */
  to: string
  body: string
}

export interface SmsSender {
  readonly name: 'console' | 'twilio'
  /** Resolves with the provider's message id once the provider accepted the message. */
  send(message: SmsMessage): Promise<{ id: string }>
}

/** The provider refused or could not be reached. `detail` is safe to log: it never contains the text. */
export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError'
  readonly detail: { status?: number; providerCode?: number | string; reason: string }

  constructor(detail: SmsDeliveryError['detail']) {
    super(`SMS not sent: ${detail.reason}`)
    this.detail = detail
  }
}
