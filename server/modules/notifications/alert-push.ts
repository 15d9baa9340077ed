/**
 * What a crossing says on a device's lock screen: the alert mail's subject and first sentence (one set of words for
 * both channels), in both languages, for the push module to pick the device's own.
 */
import enMail from '#contracts/messages/en/mail.json' with { type: 'json' }
import zhMail from '#contracts/messages/zh-Hant/mail.json' with { type: 'json' }
import type { Locale } from '#contracts/regions.ts'

export interface AlertPushMessage {
  title: Record<Locale, string>
  body: Record<Locale, string>
  url: string
  tag: string
}

const fill = (sentence: string, stock: string) => sentence.replaceAll('{{stock}}', stock)

export function alertPushMessage(stock: string, url: string): AlertPushMessage {
  return {
    title: { en: fill(enMail.alert.subject, stock), 'zh-Hant': fill(zhMail.alert.subject, stock) },
    body: { en: fill(enMail.alert.body, stock), 'zh-Hant': fill(zhMail.alert.body, stock) },
    url,
    // One notification per stock on the device: a newer crossing replaces an unread older one.
    tag: `alert:${stock}`,
  }
}
