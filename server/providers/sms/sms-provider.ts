/** Picks the SMS adapter the configuration names (SMS_PROVIDER). */

import { createConsoleSmsSender } from './console-sms.ts'
import type { SmsConfig } from './sms.config.ts'
import type { SmsMessage, SmsSender } from './sms-sender.ts'
import { createTwilioSmsSender } from './twilio-sms.ts'

export function createSmsSender(
  config: SmsConfig,
  dependencies: {
    log: { info(details: object, message: string): void }
    saveToOutbox(message: SmsMessage): Promise<void>
  },
): SmsSender {
  if (config.provider === 'twilio') return createTwilioSmsSender(config)
  return createConsoleSmsSender(dependencies)
}
