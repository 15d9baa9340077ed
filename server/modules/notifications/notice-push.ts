/**
 * What another module's notice says on a device's lock screen, in both languages for the push module to pick the
 * device's own: a new article names the followed stock and the article's title (the new-article mail's subject);
 * billing's notices say what happened and lead to the account page.
 */
import type { MemberNoticeKind } from '#contracts/alert-rules.ts'
import enMail from '#contracts/messages/en/mail.json' with { type: 'json' }
import zhMail from '#contracts/messages/zh-Hant/mail.json' with { type: 'json' }
import type { Locale } from '#contracts/regions.ts'

export interface NoticePushMessage {
  title: Record<Locale, string>
  body: Record<Locale, string>
  url: string
  tag: string
}

const words = { en: enMail, 'zh-Hant': zhMail } as const
const locales = ['en', 'zh-Hant'] as const

const fill = (sentence: string, values: Record<string, string>) =>
  sentence.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '')

export function noticePushMessage(
  kind: MemberNoticeKind,
  url: string,
  notice: { stock: string; details: Record<string, string | number | null> },
): NoticePushMessage {
  const per = (pick: (locale: Locale) => string) =>
    Object.fromEntries(locales.map((locale) => [locale, pick(locale)])) as Record<Locale, string>
  if (kind === 'newArticle') {
    const titleOf = (locale: Locale) =>
      String(
        (locale === 'zh-Hant' ? notice.details.titleZh : notice.details.titleEn) ||
          notice.details.titleEn ||
          notice.details.titleZh ||
          '',
      )
    return {
      title: per((locale) => fill(words[locale].newArticle.subject, { stock: notice.stock })),
      body: per(titleOf),
      url,
      tag: `article:${notice.details.articleKey ?? url}`,
    }
  }
  return {
    title: per((locale) => words[locale].notices[kind].title),
    body: per((locale) => words[locale].notices[kind].body),
    url,
    tag: `billing:${kind}`,
  }
}
