/**
 * One template per message, in both languages: each message is a few sentences from contracts/messages/<locale>/
 * mail.json and at most one link, laid out once here into the HTML part and the plain-text part, so the two always
 * say the same. Values are escaped for HTML; links are the only thing a message carries from outside its strings.
 */
import enMail from '#contracts/messages/en/mail.json' with { type: 'json' }
import zhMail from '#contracts/messages/zh-Hant/mail.json' with { type: 'json' }
import type { Locale } from '#contracts/regions.ts'

const catalogues: Record<Locale, typeof enMail> = { en: enMail, 'zh-Hant': zhMail }

export const mailKinds = [
  'newsletter-confirmation',
  'newsletter-welcome',
  'account-email-verification',
  'payment-receipt',
  'refund-confirmation',
  'renewal-reminder',
  'payment-failing',
  'expert-answer-ready',
  'alert',
  'new-article',
  'newsletter-digest',
] as const
export type MailKind = (typeof mailKinds)[number]

/** What a message says, in its reader's language. */
interface MailContent {
  subject: string
  heading: string
  paragraphs: string[]
  /** Label and value lines (a receipt's amount, plan, period…): a table in HTML, one line each in text. */
  facts?: Array<[string, string]>
  /** Headed lists of links (the digest's articles and picks), after the paragraphs. */
  sections?: MailSection[]
  action?: { label: string; url: string }
  after?: string[]
}

interface MailSection {
  heading: string
  links: MailLink[]
  /** A sentence after the links (or instead of them when there are none). */
  note?: string | undefined
}

export interface MailLink {
  label: string
  url: string
}

/** What the weekly digest lists: already in the reader's language, with links to the reader's regional site. */
export interface DigestVariables {
  /** The week: its Monday (YYYY-MM-DD) in the firm's time zone. */
  week: string
  articles: MailLink[]
  picks: MailLink[]
  /** The month's picks the reader's tier may not see. */
  lockedPicks: number
  /**
   * The week's biggest moves among the stocks on the recipient's watchlists (a sign-up whose address a member
   * verified); undefined for any other address, which gets no such part.
   */
  moves?: DigestMove[] | undefined
}

/** One stock's move over the week, close to close, named in the reader's language. */
export interface DigestMove {
  name: string
  code: string
  /** Fraction: 0.05 = +5 %. */
  move: number
  /** The two closes' days (YYYY-MM-DD). */
  from: string
  to: string
  isDemo: boolean
  url: string
}

export interface MailVariables {
  /** The link the message's button leads to. */
  actionUrl: string
  /**
   * Values the message's sentences and facts name (`{{amount}}`, `{{plan}}`…), already written in the reader's
   * language by the queuing module.
   */
  values?: Record<string, string> | undefined
  /** The stock an alert is about (`AAPL (US)`): alerts only. */
  stock?: string | undefined
  /** The digest's contents (newsletter-digest only). */
  digest?: DigestVariables | undefined
}

/** The catalogue's sentence with `{{name}}` replaced by the message's values. */
function fill(sentence: string, values: Record<string, string> | undefined): string {
  return sentence.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values?.[name] ?? '')
}

/** The facts of a message whose values are all known (a payment without a receipt link shows no such line). */
function factsOf(
  labels: Record<string, string>,
  names: readonly string[],
  values: Record<string, string> | undefined,
): Array<[string, string]> {
  return names.flatMap((name): Array<[string, string]> => {
    const value = values?.[name]
    const label = labels[name]
    return value && label ? [[label, value]] : []
  })
}

/**
 * The digest's watchlist part: each stock's move with the two closes' days, the method in one sentence, and the demo
 * label when any of the figures is demo data.
 */
function movesSection(
  w: typeof enMail.newsletterDigest,
  locale: Locale,
  moves: readonly DigestMove[],
): MailSection {
  const percent = new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  })
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' })
  const dayOf = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`))
  const links = moves.map((move) => ({
    label: fill(w.moveLine, {
      stock: `${move.name} (${move.code})`,
      move: percent.format(move.move),
      from: dayOf(move.from),
      to: dayOf(move.to),
    }),
    url: move.url,
  }))
  const notes = [moves.length === 0 ? w.noMoves : w.movesMethod]
  if (moves.some((move) => move.isDemo)) notes.push(w.movesDemo)
  return { heading: w.movesHeading, links, note: notes.join(' ') }
}

function contentOf(kind: MailKind, locale: Locale, variables: MailVariables): MailContent {
  const words = catalogues[locale]
  switch (kind) {
    case 'newsletter-confirmation': {
      const w = words.newsletterConfirmation
      return {
        subject: w.subject,
        heading: w.heading,
        paragraphs: [w.body],
        action: { label: w.action, url: variables.actionUrl },
        after: [w.ignore],
      }
    }
    case 'alert': {
      const w = words.alert
      const stock = variables.stock ?? ''
      return {
        subject: w.subject.replace('{{stock}}', stock),
        heading: w.heading.replace('{{stock}}', stock),
        paragraphs: [w.body.replace('{{stock}}', stock)],
        action: { label: w.action, url: variables.actionUrl },
      }
    }
    case 'new-article': {
      const w = words.newArticle
      const values = { stock: variables.stock ?? '', ...variables.values }
      return {
        subject: fill(w.subject, values),
        heading: w.heading,
        paragraphs: [fill(w.body, values)],
        action: { label: w.action, url: variables.actionUrl },
      }
    }
    case 'newsletter-welcome': {
      const w = words.newsletterWelcome
      return {
        subject: w.subject,
        heading: w.heading,
        paragraphs: [w.body],
        action: { label: w.action, url: variables.actionUrl },
      }
    }
    case 'account-email-verification': {
      const w = words.accountEmailVerification
      return {
        subject: w.subject,
        heading: w.heading,
        paragraphs: [w.body],
        action: { label: w.action, url: variables.actionUrl },
        after: [w.ignore],
      }
    }
    case 'payment-receipt': {
      const w = words.paymentReceipt
      return {
        subject: fill(w.subject, variables.values),
        heading: w.heading,
        paragraphs: [fill(w.body, variables.values)],
        facts: factsOf(words.facts, ['amount', 'plan', 'period', 'paidOn', 'paymentId'], variables.values),
        action: { label: w.action, url: variables.actionUrl },
      }
    }
    case 'refund-confirmation': {
      const w = words.refundConfirmation
      return {
        subject: w.subject,
        heading: w.heading,
        paragraphs: [fill(w.body, variables.values)],
        facts: factsOf(words.facts, ['amount', 'plan', 'refundedOn'], variables.values),
        action: { label: w.action, url: variables.actionUrl },
      }
    }
    case 'renewal-reminder': {
      const w = words.renewalReminder
      return {
        subject: fill(w.subject, variables.values),
        heading: w.heading,
        paragraphs: [fill(w.body, variables.values), w.change],
        facts: factsOf(words.facts, ['plan', 'period', 'amount', 'renewsOn'], variables.values),
        action: { label: w.action, url: variables.actionUrl },
      }
    }
    case 'payment-failing': {
      const w = words.paymentFailing
      return {
        subject: w.subject,
        heading: w.heading,
        paragraphs: [fill(w.body, variables.values)],
        facts: factsOf(words.facts, ['plan'], variables.values),
        action: { label: w.action, url: variables.actionUrl },
      }
    }
    case 'expert-answer-ready': {
      const w = words.expertAnswerReady
      return {
        subject: fill(w.subject, variables.values),
        heading: w.heading,
        paragraphs: [fill(w.body, variables.values)],
        action: { label: w.action, url: variables.actionUrl },
      }
    }
    case 'newsletter-digest': {
      const w = words.newsletterDigest
      const digest = variables.digest ?? { week: '', articles: [], picks: [], lockedPicks: 0 }
      const picksNote =
        digest.lockedPicks === 0
          ? undefined
          : digest.picks.length === 0
            ? w.noPicks
            : w.lockedPicks.replace('{{count}}', String(digest.lockedPicks))
      return {
        subject: w.subject.replace('{{week}}', digest.week),
        heading: w.heading,
        paragraphs: [w.intro],
        sections: [
          {
            heading: w.articlesHeading,
            links: digest.articles,
            note: digest.articles.length === 0 ? w.noArticles : undefined,
          },
          ...(digest.picks.length > 0 || picksNote
            ? [{ heading: w.picksHeading, links: digest.picks, note: picksNote }]
            : []),
          ...(digest.moves ? [movesSection(w, locale, digest.moves)] : []),
        ],
        action: { label: w.action, url: variables.actionUrl },
      }
    }
  }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

export interface RenderedMail {
  subject: string
  html: string
  text: string
}

/**
 * The message's subject and both parts. `site` is the site's origin the footer names; `unsubscribeUrl` (non-
 * transactional mail only) adds the footer's unsubscribe link.
 */
export function renderMail(
  kind: MailKind,
  locale: Locale,
  variables: MailVariables,
  footer: { site: string; unsubscribeUrl?: string | undefined },
): RenderedMail {
  const content = contentOf(kind, locale, variables)
  const layout = catalogues[locale].layout
  const site = footer.site.replace(/^https?:\/\//, '')
  const note = (footer.unsubscribeUrl ? layout.unsubscribeNote : layout.transactionalNote).replace(
    '{{site}}',
    site,
  )

  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.facts?.length ? [...content.facts.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(content.sections ?? []).flatMap((section) => [
      section.heading,
      ...section.links.map((link) => `- ${link.label}: ${link.url}`),
      ...(section.note ? [section.note] : []),
      '',
    ]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.after ?? []).flatMap((paragraph) => [paragraph, '']),
    '—',
    layout.signature,
    note,
    ...(footer.unsubscribeUrl ? [`${layout.unsubscribe}: ${footer.unsubscribeUrl}`] : []),
    '',
  ].join('\n')

  const paragraph = (value: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px">${escapeHtml(value)}</p>`
  const html = [
    '<!doctype html>',
    `<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">`,
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px">',
    `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map(paragraph),
    ...(content.facts?.length
      ? [
          '<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;font-size:15px;line-height:22px">',
          ...content.facts.map(
            ([label, value]) =>
              `<tr><td style="padding:4px 16px 4px 0;color:#616e7c">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
          ),
          '</table>',
        ]
      : []),
    ...(content.sections ?? []).flatMap((section) => [
      `<h2 style="margin:24px 0 8px;font-size:18px">${escapeHtml(section.heading)}</h2>`,
      ...(section.links.length > 0
        ? [
            '<ul style="margin:0 0 16px;padding-left:20px">',
            ...section.links.map(
              (link) =>
                `<li style="margin:0 0 8px;font-size:16px;line-height:24px"><a href="${escapeHtml(link.url)}" style="color:#1d4ed8">${escapeHtml(link.label)}</a></li>`,
            ),
            '</ul>',
          ]
        : []),
      ...(section.note ? [paragraph(section.note)] : []),
    ]),
    ...(content.action
      ? [
          `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(content.action.label)}</a></p>`,
        ]
      : []),
    ...(content.after ?? []).map(paragraph),
    '<hr style="border:none;border-top:1px solid #e4e7eb;margin:24px 0">',
    `<p style="margin:0;font-size:12px;color:#616e7c">${escapeHtml(layout.signature)} · ${escapeHtml(note)}</p>`,
    ...(footer.unsubscribeUrl
      ? [
          `<p style="margin:8px 0 0;font-size:12px"><a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:#616e7c">${escapeHtml(layout.unsubscribe)}</a></p>`,
        ]
      : []),
    '</div></body></html>',
  ].join('\n')
  return { subject: content.subject, html, text }
}
