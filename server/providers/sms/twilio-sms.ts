/**
 * Twilio's Programmable Messaging REST API: POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP
 * basic auth (Account SID and Auth Token) and a form body To, Body and From (a phone number) or
 * MessagingServiceSid (an MG… id). Success is 201 with the message resource ({ sid, status, … }); a failure is
 * a 4xx/5xx with { code, message, more_info, status }.
 */
import { SmsDeliveryError, type SmsSender } from './sms-sender.ts'

export interface TwilioSettings {
  accountSid: string
  authToken: string
  from: string
  /** https://api.twilio.com, or a local stand-in in tests. */
  baseUrl: string
  timeoutMs?: number
}

export function createTwilioSmsSender(settings: TwilioSettings, fetchImpl: typeof fetch = fetch): SmsSender {
  const url = `${settings.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`
  const senderField = settings.from.startsWith('MG') ? 'MessagingServiceSid' : 'From'

  return {
    name: 'twilio',
    async send(message) {
      const form = new URLSearchParams({ To: message.to, [senderField]: settings.from, Body: message.body })
      let response: Response
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
        })
      } catch (error) {
        throw new SmsDeliveryError({
          reason: (error as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable',
        })
      }
      const answer = (await response.json().catch(() => ({}))) as {
        sid?: unknown
        code?: unknown
        status?: unknown
      }
      if (!response.ok) {
        throw new SmsDeliveryError({
          status: response.status,
          reason: 'refused',
          ...(typeof answer.code === 'number' || typeof answer.code === 'string'
            ? { providerCode: answer.code }
            : {}),
        })
      }
      if (typeof answer.sid !== 'string')
        throw new SmsDeliveryError({ status: response.status, reason: 'no message id' })
      return { id: answer.sid }
    },
  }
}
