import { describe, expect, it } from 'vitest'
import { createTranslator } from '#app/i18n/i18n.ts'
import consoleEn from '#app/i18n/locales/en/console.json' with { type: 'json' }
import membersEn from '#app/i18n/locales/en/console-members.json' with { type: 'json' }
import siteEn from '#app/i18n/locales/en/console-site.json' with { type: 'json' }
import consoleZh from '#app/i18n/locales/zh-Hant/console.json' with { type: 'json' }
import membersZh from '#app/i18n/locales/zh-Hant/console-members.json' with { type: 'json' }
import siteZh from '#app/i18n/locales/zh-Hant/console-site.json' with { type: 'json' }
import type { ConsolePlanChange } from '#contracts/console-members-rules.ts'
import type { AuditEntry } from '#contracts/console-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import {
  actorText,
  auditEntityText,
  auditMessage,
  everyAuditAction,
  everyAuditEntity,
  planChangeActorText,
  type Translate,
} from './audit-words.ts'

/** As the audit section speaks them: the console's words, then the members' and the site's (useTranslation's list). */
const catalogs = {
  en: { console: consoleEn, 'console-members': membersEn, 'console-site': siteEn },
  'zh-Hant': { console: consoleZh, 'console-members': membersZh, 'console-site': siteZh },
}
const translate = (locale: Locale): Translate => {
  const { t } = createTranslator(locale, catalogs[locale])
  return (key, options) =>
    t(key, { ns: ['console', 'console-members', 'console-site'], ...options }) as string
}
const en = translate('en')
const zh = translate('zh-Hant')

const admin = { memberId: 'a1', phone: '+85291234567', name: 'Ada Wong' }

function entry(overrides: Partial<AuditEntry>): AuditEntry {
  return {
    id: 1,
    at: '2026-11-01T02:00:00.000Z',
    actor: admin,
    action: 'role.grant',
    entity: 'member',
    entityId: 'm1',
    before: null,
    after: null,
    ...overrides,
  }
}

/** The message of a key in a catalog, or undefined (walking the dotted path as i18next does). */
function messageIn(catalog: object, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalog)
}

describe('the audit log in words', () => {
  it('has a sentence in both languages for every action the server writes, and a name for every entity', () => {
    for (const locale of ['en', 'zh-Hant'] as const) {
      for (const action of everyAuditAction)
        expect(
          typeof messageIn(catalogs[locale].console, `audit.messages.${action}`),
          `${locale} ${action}`,
        ).toBe('string')
      for (const entity of everyAuditEntity)
        expect(
          typeof messageIn(catalogs[locale].console, `audit.entities.${entity}`),
          `${locale} ${entity}`,
        ).toBe('string')
    }
  })

  it('says a plan grant as "Granted Plus to" the masked number, in both languages', () => {
    const grant = entry({
      action: 'member.plan_grant',
      memberPhone: '+85298764567',
      before: { plan: null },
      after: { plan: { tier: 'plus', period: 'month' }, reason: 'goodwill' },
    })
    expect(auditMessage(grant, 'en', en)).toBe('Granted Plus to +852 ****4567')
    expect(auditMessage(grant, 'zh-Hant', zh)).toBe('授予 +852 ****4567 進階版')
  })

  it('names the role a grant added and the page a site text belongs to', () => {
    const grant = entry({
      memberPhone: '+85298764567',
      before: { phone: '+85298764567', roles: [{ role: 'support' }] },
      after: { phone: '+85298764567', roles: [{ role: 'support' }, { role: 'editor' }] },
    })
    expect(auditMessage(grant, 'en', en)).toBe('Granted Editor to +852 ****4567')
    const saved = entry({ action: 'site_text.save', entity: 'site_text', entityId: 'about-us:en' })
    expect(auditMessage(saved, 'en', en)).toBe('Saved the About us page (English)')
    expect(auditMessage(saved, 'zh-Hant', zh)).toBe('儲存「關於我們」頁面（英文）')
    expect(auditEntityText('site_text', zh)).toBe('網站文字')
  })

  it('finds a title in the language of the console when the entry has one per language', () => {
    const course = entry({
      action: 'classroom_course.create',
      entity: 'classroom_course',
      entityId: 'c1',
      after: { title: { en: 'Reading a balance sheet', 'zh-Hant': '看懂資產負債表' } },
    })
    expect(auditMessage(course, 'zh-Hant', zh)).toBe('建立課程「看懂資產負債表」')
  })

  it('names who acted; no one is an operator command, except the scheduled publishing of an article', () => {
    expect(actorText(admin, 'role.grant', en)).toBe('Ada Wong')
    expect(actorText({ ...admin, name: null }, 'role.grant', en)).toBe('+85291234567')
    expect(actorText(null, 'role.grant', en)).toBe('Operator command')
    expect(actorText(null, 'role.grant', zh)).toBe('營運指令')
    expect(actorText(null, 'article.publish', en)).toBe('The site')
  })

  it('names who made a plan change: the staff member, else an operator command', () => {
    const change: ConsolePlanChange = {
      at: '2026-11-01T02:00:00.000Z',
      actor: 'operator',
      kind: 'operator_grant',
      before: null,
      after: null,
      reference: 'goodwill',
    }
    expect(planChangeActorText({ ...change, by: { phone: admin.phone, name: 'Ada Wong' } }, en)).toBe(
      'Ada Wong',
    )
    expect(planChangeActorText(change, en)).toBe('Operator command')
    expect(planChangeActorText({ ...change, actor: 'provider' }, en)).toBe('Payment provider')
  })
})
