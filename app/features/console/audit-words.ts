/**
 * The audit log and the plan history in words: "Granted Plus to +852 ****4567", "Saved the About us page (English)",
 * who acted by name, and commands an operator ran on the server named as such. The codes stay the API's (and the
 * audit filter's); every code the server writes has a sentence in both languages (audit-words.test.ts).
 */
import type { TFunction } from '#app/i18n/i18n.ts'
import { adviserAuditActions } from '#contracts/advisers-rules.ts'
import { classroomAuditActions } from '#contracts/classroom-rules.ts'
import { type ConsolePlanChange, memberAuditActions } from '#contracts/console-members-rules.ts'
import { type AuditEntry, auditActions, type ConsoleActor } from '#contracts/console-rules.ts'
import { siteAuditActions } from '#contracts/console-site-rules.ts'
import { digestAuditActions } from '#contracts/digest-rules.ts'
import { expertAuditActions } from '#contracts/expert-rules.ts'
import { maskMobile } from '#contracts/mobile-number.ts'
import type { Locale } from '#contracts/regions.ts'
import { strategyAuditActions } from '#contracts/strategies-rules.ts'

/** The console's `t` (namespace `console`), as plain functions take it. */
export type Translate = TFunction

/** Every action the server writes to the audit log. */
export const everyAuditAction: readonly string[] = [
  ...Object.values(auditActions),
  ...Object.values(memberAuditActions),
  ...Object.values(siteAuditActions),
  ...Object.values(strategyAuditActions),
  ...Object.values(adviserAuditActions),
  ...Object.values(expertAuditActions),
  ...Object.values(classroomAuditActions),
  ...Object.values(digestAuditActions),
]

/** Every kind of entity an audit entry is about. */
export const everyAuditEntity = [
  'member',
  'article',
  'cover',
  'pick',
  'company_text',
  'strategy',
  'adviser',
  'adviser_assignment',
  'expert_question',
  'newsletter_signup',
  'site_text',
  'menu_group',
  'redirect',
  'contact',
  'price',
  'classroom_course',
  'classroom_lesson',
  'digest_issue',
] as const

/**
 * Who did something: their name, else their number. No one: the site's own scheduled publishing for an article's
 * move, else a command an operator ran on the server (`npm run ops`), which is never the site acting by itself.
 */
export function actorText(actor: ConsoleActor | null, action: string, t: Translate): string {
  if (actor) return actor.name || actor.phone
  return action.startsWith('article.') ? t('audit.site') : t('audit.operatorCommand')
}

export function auditEntityText(entity: string, t: Translate): string {
  return t(`audit.entities.${entity}`, { defaultValue: entity })
}

type Fields = Record<string, unknown>

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A text of one language out of a value that is a string or one per language (`{ en, 'zh-Hant' }`). */
function textIn(value: unknown, locale: Locale): string | undefined {
  if (typeof value === 'string' && value !== '') return value
  if (!isFields(value)) return undefined
  const own = value[locale]
  const other = Object.values(value).find((text) => typeof text === 'string' && text !== '')
  return typeof own === 'string' && own !== '' ? own : typeof other === 'string' ? other : undefined
}

/** What an entry is about, in words: a member's masked number, a page's name, a title, a path, a code. */
export function auditSubject(entry: AuditEntry, locale: Locale, t: Translate): string {
  if (entry.entity === 'member') {
    const phone = entry.memberPhone ?? phoneIn(entry.after) ?? phoneIn(entry.before)
    return phone ? maskMobile(phone) : entry.entityId
  }
  if (entry.entity === 'site_text') {
    const [key] = entry.entityId.split(':')
    return t(`site.textNames.${key}`, { defaultValue: key })
  }
  for (const value of [entry.after, entry.before]) {
    if (!isFields(value)) continue
    const versions = isFields(value.versions) ? value.versions : {}
    const candidates = [
      value.title,
      value[`versions.${locale}.title`],
      isFields(versions[locale]) ? versions[locale].title : undefined,
      value.name,
      locale === 'en' ? value.nameEn : value.nameZh,
      value.question,
      value.fromPath,
      value.path,
      value.email,
      value.key,
      value.code,
    ]
    for (const candidate of candidates) {
      const text = textIn(candidate, locale)
      if (text) return text.length > 80 ? `${text.slice(0, 79)}…` : text
    }
    if (typeof value.phone === 'string') return maskMobile(value.phone)
  }
  return entry.entityId
}

function phoneIn(value: unknown): string | undefined {
  return isFields(value) && typeof value.phone === 'string' ? value.phone : undefined
}

function rolesIn(value: unknown): string[] {
  if (!isFields(value) || !Array.isArray(value.roles)) return []
  return value.roles.flatMap((held) =>
    typeof held === 'string' ? [held] : isFields(held) && typeof held.role === 'string' ? [held.role] : [],
  )
}

/** The roles a grant added or a revoke took away, named. */
function changedRoles(entry: AuditEntry, t: Translate): string {
  const before = rolesIn(entry.before)
  const after = rolesIn(entry.after)
  const changed =
    entry.action === auditActions.roleRevoke
      ? before.filter((role) => !after.includes(role))
      : after.filter((role) => !before.includes(role))
  return changed.map((role) => t(`roleNames.${role}`)).join(', ')
}

function planTierIn(value: unknown): string | undefined {
  const plan = isFields(value) ? value.plan : undefined
  return isFields(plan) && typeof plan.tier === 'string' ? plan.tier : undefined
}

/** An entry as a sentence in the console's language. */
export function auditMessage(entry: AuditEntry, locale: Locale, t: Translate): string {
  const tier = planTierIn(entry.after) ?? planTierIn(entry.before)
  const [, language] = entry.entity === 'site_text' ? entry.entityId.split(':') : []
  return t(`audit.messages.${entry.action}`, {
    subject: auditSubject(entry, locale, t),
    roles: changedRoles(entry, t),
    tier: tier ? t(`members.tiers.${tier}`) : '',
    language: language ? t(`languages.${language}`) : '',
    defaultValue: `${entry.action} · ${auditEntityText(entry.entity, t)} ${entry.entityId}`,
  })
}

/** Who made a plan change: the staff member by name, a command an operator ran, or the member, provider or site. */
export function planChangeActorText(change: ConsolePlanChange, t: Translate): string {
  if (change.by) return change.by.name || change.by.phone
  return change.actor === 'operator' ? t('audit.operatorCommand') : t(`members.actors.${change.actor}`)
}
