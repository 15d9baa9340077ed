/**
 * Translation shared by the server render and the browser. Messages live in JSON catalogs per locale and
 * namespace: the app's in app/i18n/locales/<locale>/<namespace>.json, those the server speaks too (the API's errors,
 * the SMS) on the shared floor, contracts/messages/<locale>/<namespace>.json; a whole sentence stays in one message.
 * The server holds every catalog; the browser loads only its own language, and only the namespaces a page speaks,
 * before hydrating (browser-catalogs.ts).
 *
 * The translator is the site’s own (ADR 0043): the catalogs' format is i18next's (JSON v4: `ns:key.path`, `{{value}}`,
 * `{{value, number}}`, plurals as `key_one` / `key_other` chosen by the language's plural rules, `_zero` for none),
 * and the few calls the site makes are answered in ~1 kB, where i18next and react-i18next were ~18 kB of every page's
 * first-paint script.
 */
import type { Locale } from '#contracts/regions.ts'

export type Messages = Record<string, unknown>
export type Catalog = Record<string, Messages>

/** What a message is given: values to put in, a count choosing the plural, a fallback, namespaces to look in. */
export interface TranslateOptions {
  /** A number chooses the plural; a string (a count already formatted) is only a value. */
  count?: number | string
  defaultValue?: string
  ns?: string | readonly string[]
  [value: string]: unknown
}

/** A message by key (`key.path` in the scope's namespaces, or `ns:key.path`); the first of several keys found. */
export type TFunction = (key: string | readonly string[], options?: TranslateOptions) => string

export interface Translator {
  readonly language: Locale
  /** The namespaces loaded, in the order they came. */
  readonly namespaces: readonly string[]
  /** A message in the default namespace (`common`) unless the key or `ns` names another. */
  t: TFunction
  /** Whether a message exists (in `common` unless the key names its namespace). */
  exists(key: string): boolean
  /**
   * A `t` for a scope: the namespaces looked in, in order (the first alone unless `fallback`), and a key prefix.
   * The same scope gives the same function, so it can be a hook's dependency.
   */
  getFixedT(language: string | null, namespaces?: string | readonly string[], keyPrefix?: string): TFunction
  hasResourceBundle(language: string, namespace: string): boolean
  addResourceBundle(language: string, namespace: string, messages: Messages): void
  getResourceBundle(language: string, namespace: string): Messages | undefined
}

const defaultNamespace = 'common'
const namespaceName = /^[a-z][a-z0-9-]*$/i
const placeholder = /\{\{\s*([^},\s]+)\s*(?:,\s*([^}\s]+)\s*)?\}\}/g

function messageAt(messages: Messages | undefined, path: string): string | undefined {
  if (!messages) return undefined
  let node: unknown = messages
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) {
      node = undefined
      break
    }
    node = (node as Messages)[part]
  }
  // A key written whole, dots and all, as i18next finds it too.
  if (node === undefined) node = messages[path]
  return typeof node === 'string' ? node : undefined
}

export function createTranslator(locale: Locale, catalog: Catalog): Translator {
  const bundles = new Map<string, Messages>(Object.entries(catalog))
  const pluralRules = new Intl.PluralRules(locale)
  let numberFormat: Intl.NumberFormat | undefined

  function fill(message: string, options: TranslateOptions | undefined): string {
    if (!options || !message.includes('{{')) return message
    return message.replace(placeholder, (whole, name: string, format: string | undefined) => {
      const value = options[name]
      // A value not given stays as written, as i18next leaves it.
      if (value === undefined || value === null) return whole
      if (format === 'number' && (typeof value === 'number' || typeof value === 'string')) {
        numberFormat ??= new Intl.NumberFormat(locale)
        return numberFormat.format(Number(value))
      }
      return String(value)
    })
  }

  /** The message of one key in the scope's namespaces, before its values are put in. */
  function find(key: string, namespaces: readonly string[], keyPrefix: string | undefined, count: unknown) {
    let searched = namespaces
    let path = key
    const colon = key.indexOf(':')
    if (colon > 0 && namespaceName.test(key.slice(0, colon))) {
      searched = [key.slice(0, colon)]
      path = key.slice(colon + 1)
    }
    if (keyPrefix) path = `${keyPrefix}.${path}`
    const paths =
      typeof count === 'number'
        ? [...(count === 0 ? [`${path}_zero`] : []), `${path}_${pluralRules.select(count)}`, path]
        : [path]
    for (const namespace of searched) {
      const messages = bundles.get(namespace)
      for (const candidate of paths) {
        const message = messageAt(messages, candidate)
        if (message !== undefined) return { message, path }
      }
    }
    return { message: undefined, path }
  }

  const fixedByScope = new Map<string, TFunction>()

  function fixed(namespaces: readonly string[], keyPrefix: string | undefined): TFunction {
    const scope = `${namespaces.join(',')}\u0000${keyPrefix ?? ''}`
    const known = fixedByScope.get(scope)
    if (known) return known
    // Plain messages (no options) by key, for the scope: a render asks for the same few hundred again and again.
    const plain = new Map<string, string>()
    const translate: TFunction = (key, options) => {
      if (options === undefined && typeof key === 'string') {
        const remembered = plain.get(key)
        if (remembered !== undefined) return remembered
      }
      const scopeNamespaces =
        options?.ns === undefined ? namespaces : typeof options.ns === 'string' ? [options.ns] : options.ns
      const keys = typeof key === 'string' ? [key] : key
      let lastPath = ''
      for (const candidate of keys) {
        const { message, path } = find(candidate, scopeNamespaces, keyPrefix, options?.count)
        if (message !== undefined) {
          const text = fill(message, options)
          if (options === undefined && typeof key === 'string') plain.set(key, text)
          return text
        }
        lastPath = path
      }
      if (options?.defaultValue !== undefined) return fill(options.defaultValue, options)
      // The key itself (without its namespace), as i18next answers a message it does not have.
      return lastPath
    }
    fixedByScope.set(scope, translate)
    return translate
  }

  const namespacesOf = (namespaces: string | readonly string[] | undefined) =>
    namespaces === undefined ? [defaultNamespace] : typeof namespaces === 'string' ? [namespaces] : namespaces

  return {
    language: locale,
    get namespaces() {
      return [...bundles.keys()]
    },
    t: fixed([defaultNamespace], undefined),
    exists: (key) => find(key, [defaultNamespace], undefined, undefined).message !== undefined,
    getFixedT: (_language, namespaces, keyPrefix) => fixed(namespacesOf(namespaces), keyPrefix),
    hasResourceBundle: (language, namespace) => language === locale && bundles.has(namespace),
    addResourceBundle(language, namespace, messages) {
      if (language !== locale) return
      bundles.set(namespace, { ...bundles.get(namespace), ...messages })
      // A message missing before may be there now; plain messages found stay right.
    },
    getResourceBundle: (language, namespace) => (language === locale ? bundles.get(namespace) : undefined),
  }
}

/** Groups Vite glob results (`…/locales/<locale>/<ns>.json`, `…/messages/<locale>/<ns>.json`) by locale. */
export function groupCatalogs(files: Record<string, unknown>): Record<string, Catalog> {
  const byLocale: Record<string, Catalog> = {}
  for (const [file, module] of Object.entries(files)) {
    const match = /(?:locales|messages)\/([^/]+)\/([^/]+)\.json$/.exec(file)
    if (!match) continue
    const [, locale, namespace] = match as unknown as [string, string, string]
    const messages =
      (module as { default?: Record<string, unknown> }).default ?? (module as Record<string, unknown>)
    byLocale[locale] ??= {}
    byLocale[locale][namespace] = messages
  }
  return byLocale
}
