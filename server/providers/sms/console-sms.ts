/**
 * The development SMS adapter: writes each message to the log (where a developer reads the code) and to the
 * development outbox (read by the browser journeys through GET /api/portal/dev/sms-outbox, a test endpoint that
 * exists only with TEST_ENDPOINTS=loopback). Refused at boot when APP_ENV=production (sms.config.ts), because it
 * puts login codes in the log.
 */
import { randomUUID } from 'node:crypto'
import type { SmsMessage, SmsSender } from './sms-sender.ts'

export interface ConsoleSmsDependencies {
  log: { info(details: object, message: string): void }
  /** Stores the message where development tools can read it. */
  saveToOutbox(message: SmsMessage): Promise<void>
}

export function createConsoleSmsSender({ log, saveToOutbox }: ConsoleSmsDependencies): SmsSender {
  return {
    name: 'console',
    async send(message) {
      await saveToOutbox(message)
      log.info({ to: message.to, body: message.body }, 'development SMS (not sent)')
      return { id: `console-${randomUUID()}` }
    },
  }
}
