/**
 * Every catalog, bundled into the server render, in one translator per language for the whole process.
 *
 * A render asks for a few hundred messages, nearly all of them plain (no value to put in, no plural): each is
 * looked up once per process and remembered (`rememberPlainMessages`). The catalogs are fixed at build, so a
 * remembered message never goes stale. Components' messages with plain values (an author, a year, a count) are
 * remembered too, per value, in a memory of their own that starts over when full: their values may come from a
 * request, the plain messages' never do.
 */
import type { i18n } from 'i18next'
import type { Locale } from '#contracts/regions.ts'
import { createTranslator, groupCatalogs } from './i18n.ts'

// The app's namespaces and the shared floor's (catalog-files.ts names the same two folders).
const catalogs = groupCatalogs(
  import.meta.glob(['./locales/*/*.json', '../../contracts/messages/*/*.json'], { eager: true }),
)

/** Options a `t` of `getFixedT`/`useTranslation` always passes; any other one (a value, a count) is not plain. */
const scopeOptions = new Set(['lng', 'lngs', 'ns', 'keyPrefix'])

/** Far above the catalogs' size (about 2,000 messages per language). */
const rememberedMax = 20_000

/** Messages with values remembered at once; a few pages' worth of authors, dates and counts, per language. */
const rememberedWithValuesMax = 5_000

/**
 * A `t` call's options as part of a memory key when every one is a plain value (a string, a number, a boolean):
 * then the message depends on the key and these alone. Anything else (an object to format, a function) is not.
 */
function valuesKeyOf(options: object): string | undefined {
  for (const value of Object.values(options)) {
    const type = typeof value
    if (type !== 'string' && type !== 'number' && type !== 'boolean') return undefined
  }
  return JSON.stringify(options)
}

function isPlainCall(key: unknown, options: unknown): key is string {
  if (typeof key !== 'string') return false
  if (options === undefined) return true
  if (typeof options !== 'object' || options === null) return false
  for (const name in options) {
    if (!scopeOptions.has(name)) return false
  }
  return true
}

function scopeKeyOf(options: Record<string, unknown> | undefined): string {
  if (!options) return ''
  const part = (value: unknown) => (Array.isArray(value) ? value.join(',') : String(value ?? ''))
  return `${part(options.lng)}\u0000${part(options.lngs)}\u0000${part(options.ns)}\u0000${part(options.keyPrefix)}`
}

/**
 * Remembers the answer of every plain `t` call (a key, and at most its language, namespace and prefix) for the
 * process; any other call goes to i18next as before. i18next binds `t` to its instance and `getFixedT` calls
 * `this.t`, so replacing it covers `useTranslation`, `getFixedT` and a bare `translator.t` alike.
 */
export function rememberPlainMessages(translator: i18n): i18n {
  const translate = translator.t.bind(translator) as unknown as (...args: unknown[]) => unknown
  const remembered = new Map<string, string>()
  const t = (...args: unknown[]) => {
    const [key, options] = args
    if (args.length > 2 || !isPlainCall(key, options)) return translate(...args)
    const cacheKey = `${scopeKeyOf(options as Record<string, unknown> | undefined)}\u0001${key}`
    const known = remembered.get(cacheKey)
    if (known !== undefined) return known
    const message = translate(...args)
    // Keys are the code's own, but one could be built from a request: the memory stays bounded all the same.
    if (typeof message === 'string' && remembered.size < rememberedMax) remembered.set(cacheKey, message)
    return message
  }
  translator.t = t as unknown as i18n['t']

  // `useTranslation` asks for a fixed `t` in every component of every render; i18next's copies its options twice
  // per call before the lookup. One fixed `t` per scope, answering plain calls (and calls with plain values) from
  // memory, skips all of that.
  const getFixedT = translator.getFixedT.bind(translator) as unknown as (...args: unknown[]) => FixedT
  const fixedByScope = new Map<string, FixedT>()
  // Counted across scopes: each scope keeps its own memory (a lookup by key alone, no key built per call).
  let rememberedFixedCount = 0
  let rememberedWithValuesCount = 0
  const memoriesWithValues: Array<Map<string, string>> = []
  translator.getFixedT = ((...args: unknown[]) => {
    const [lng, ns, keyPrefix, fixedOptions] = args
    // react-i18next passes `{ scopeNs }`, which matters to selector functions only, never to a string key.
    const scopeNs =
      fixedOptions === undefined
        ? undefined
        : Object.keys(fixedOptions as object).every((name) => name === 'scopeNs')
          ? (fixedOptions as { scopeNs?: unknown }).scopeNs
          : false
    const isPlainScope =
      args.length <= 4 &&
      scopeNs !== false &&
      [lng, ns, keyPrefix, scopeNs].every(
        (part) =>
          part === undefined ||
          part === null ||
          typeof part === 'string' ||
          (Array.isArray(part) && part.every((item) => typeof item === 'string')),
      )
    if (!isPlainScope) return getFixedT(...args)
    const scope = `${scopeKeyOf({ lng, ns, keyPrefix })}\u0000${scopeNs ?? ''}`
    const known = fixedByScope.get(scope)
    if (known) return known
    const fixed = getFixedT(...args)
    // Scopes are the code's own; should they ever not be, the memory stays bounded.
    if (fixedByScope.size >= rememberedMax) return fixed
    const plain = new Map<string, string>()
    const withValues = new Map<string, string>()
    memoriesWithValues.push(withValues)
    const fixedPlain = Object.assign((...callArgs: unknown[]) => {
      const [key, options] = callArgs
      if (callArgs.length > 2 || typeof key !== 'string') return fixed(...callArgs)
      if (options === undefined) {
        const message = plain.get(key)
        if (message !== undefined) return message
        const answer = fixed(key)
        if (typeof answer === 'string' && rememberedFixedCount < rememberedMax) {
          plain.set(key, answer)
          rememberedFixedCount += 1
        }
        return answer
      }
      const valuesKey = typeof options === 'object' && options !== null ? valuesKeyOf(options) : undefined
      if (valuesKey === undefined) return fixed(...callArgs)
      const cacheKey = `${key}\u0001${valuesKey}`
      const message = withValues.get(cacheKey)
      if (message !== undefined) return message
      const answer = fixed(key, options)
      if (typeof answer === 'string') {
        if (rememberedWithValuesCount >= rememberedWithValuesMax) {
          for (const memory of memoriesWithValues) memory.clear()
          rememberedWithValuesCount = 0
        }
        withValues.set(cacheKey, answer)
        rememberedWithValuesCount += 1
      }
      return answer
    }, fixed) as FixedT
    fixedByScope.set(scope, fixedPlain)
    return fixedPlain
  }) as unknown as i18n['getFixedT']
  return translator
}

type FixedT = ((...args: unknown[]) => unknown) & Record<string, unknown>

const translators = {
  en: rememberPlainMessages(createTranslator('en', catalogs.en ?? {})),
  'zh-Hant': rememberPlainMessages(createTranslator('zh-Hant', catalogs['zh-Hant'] ?? {})),
}

export function getServerTranslator(locale: Locale) {
  return translators[locale]
}
