/** Column shapes shared by several modules' tables. */
import { jsonb, timestamp } from 'drizzle-orm/pg-core'
import type { Locale } from '#contracts/regions.ts'

/** A short text in both languages, e.g. a menu group's name. Long texts get a row per language instead. */
export type LocalizedText = Record<Locale, string>

export const localizedText = () => jsonb().$type<LocalizedText>()

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow()
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())
