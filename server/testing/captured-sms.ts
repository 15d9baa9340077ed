/**
 * An SMS sender for tests that keeps what it was given, as a phone would: every text, and the login code last sent
 * to each number (E.164), read off the text.
 */
import type { SmsMessage, SmsSender } from '#server/providers/sms/sms-sender.ts'

export interface CapturedSms {
  sender: SmsSender
  texts: SmsMessage[]
  /** The six-digit code of the last text to `phone` ('' when none came). */
  codeSentTo(phone: string): string
}

export function createCapturedSms(): CapturedSms {
  const texts: SmsMessage[] = []
  const codes = new Map<string, string>()
  return {
    sender: {
      name: 'console',
      send: async (message) => {
        texts.push(message)
        codes.set(message.to, /\b\d{6}\b/.exec(message.body)?.[0] ?? '')
        return { id: `test-${texts.length}` }
      },
    },
    texts,
    codeSentTo: (phone) => codes.get(phone) ?? '',
  }
}
