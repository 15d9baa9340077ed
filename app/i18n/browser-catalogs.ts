/**
 * The browser fetches only its own language's catalogs, and only the namespaces the page speaks, before hydration,
 * so the first paint is translated and no reader downloads the console's strings (ADR 0011):
 * - the reader catalog (browser-catalog-<locale>.ts): what the document, the shell and its dialogs speak on every
 *   page, one module, one request;
 * - a page's own namespaces (`articles`, `billing`, `console`, `stocks`…), one small chunk each: the route names them
 *   in its `handle` (`catalogs`), the document lists them on `<html data-catalogs>` for the first paint
 *   (`catalogsOf`), and the route's `clientMiddleware` (`fetchPageCatalogs`) fetches them before a later navigation
 *   renders it; a part of a page fetched later (the home page's lower sections) fetches its own with its code;
 * - the error messages (`errors`, `onDemandCatalogs`) when an error is to be shown: the API client fetches them with
 *   a failed call's answer, a form with its rules, the error screen with its code (`ensureCatalogs`). A page that
 *   may draw one from its data says how to tell in its `handle` (`drawsErrorsFrom`): the document lists them only
 *   for a response whose data holds one, so the first paint of every other response goes without them.
 * scripts/catalog-usage.test.ts checks that every route names what its code speaks.
 */
import type { Locale } from '#contracts/regions.ts'
import { type Catalog, createTranslator, groupCatalogs, type Translator } from './i18n.ts'

const readerCatalogLoaders: Record<Locale, () => Promise<{ files: Record<string, unknown> }>> = {
  en: () => import('./browser-catalog-en.ts'),
  'zh-Hant': () => import('./browser-catalog-zh-Hant.ts'),
}

type Messages = Record<string, unknown>

/** Every other app namespace as a chunk of its own, fetched on demand; the list is the reader catalog's. */
const pageCatalogLoaders = import.meta.glob<Messages>(
  ['./locales/*/*.json', '!./locales/*/{account,common,search,shell}.json'],
  { import: 'default' },
)
/** The error messages, on the shared floor because the API speaks them too. */
const errorCatalogLoaders = import.meta.glob<Messages>('../../contracts/messages/*/errors.json', {
  import: 'default',
})

/**
 * Namespaces no page names for its first paint unless it draws one from its data: they load when needed (the
 * messages of an error once an error is to be shown). scripts/catalog-usage.test.ts lets a route leave them out.
 */
export const onDemandCatalogs = ['errors'] as const

function pageCatalogLoader(locale: Locale, namespace: string) {
  return namespace === 'errors'
    ? errorCatalogLoaders[`../../contracts/messages/${locale}/errors.json`]
    : pageCatalogLoaders[`./locales/${locale}/${namespace}.json`]
}

/** A route's `handle`: the namespaces its screens speak beyond the reader catalog. */
export interface CatalogHandle {
  catalogs?: readonly string[]
  /**
   * For a page that may draw an error message from its data (a refusal's reason beside a plan): whether this
   * response's data holds one. Most responses hold none, and their first paint goes without the error messages.
   */
  drawsErrorsFrom?(loaderData: unknown): boolean
}

/** The page namespaces the matched routes name for this response, sorted (the document's `data-catalogs`). */
export function catalogsOf(matches: readonly { handle?: unknown; loaderData?: unknown }[]): string[] {
  const wanted = new Set<string>()
  for (const match of matches) {
    const handle = match.handle as CatalogHandle | undefined
    for (const name of handle?.catalogs ?? []) wanted.add(name)
    if (match.loaderData !== undefined && handle?.drawsErrorsFrom?.(match.loaderData))
      for (const name of onDemandCatalogs) wanted.add(name)
  }
  return [...wanted].sort()
}

/** `data-catalogs` as the document wrote it; a name that is no namespace of the language is dropped. */
export function parseCatalogList(value: string | undefined, locale: Locale): string[] {
  return (value ?? '')
    .split(/\s+/)
    .filter((name) => name !== '' && pageCatalogLoader(locale, name) !== undefined)
}

let browserTranslator: Translator | undefined

async function loadPageCatalog(locale: Locale, namespace: string): Promise<[string, Messages] | null> {
  const load = pageCatalogLoader(locale, namespace)
  return load ? [namespace, await load()] : null
}

export async function loadBrowserTranslator(locale: Locale, pageNamespaces: readonly string[] = []) {
  const [{ files }, ...pageCatalogs] = await Promise.all([
    readerCatalogLoaders[locale](),
    ...pageNamespaces.map((name) => loadPageCatalog(locale, name)),
  ])
  const catalog: Catalog = {
    ...groupCatalogs(files)[locale],
    ...Object.fromEntries(pageCatalogs.filter((entry) => entry !== null)),
  }
  browserTranslator = createTranslator(locale, catalog)
  return browserTranslator
}

/**
 * Fetches the namespaces not loaded yet. Does nothing on the server, whose translator holds every catalog, nor
 * before the browser's translator exists. A namespace fetched twice at once is one request (the module's).
 */
export async function ensureCatalogs(namespaces: readonly string[]): Promise<void> {
  const translator = browserTranslator
  if (!translator) return
  const locale = translator.language
  const missing = namespaces.filter((name) => !translator.hasResourceBundle(locale, name))
  for (const entry of await Promise.all(missing.map((name) => loadPageCatalog(locale, name)))) {
    if (entry) translator.addResourceBundle(locale, entry[0], entry[1])
  }
}

/**
 * The error messages, fetched before an error is shown (the API client's failures, a form's checks, the error
 * screen). Never fails: an error message missing its words is still better than none.
 */
export function ensureErrorMessages(): Promise<void> {
  return ensureCatalogs(onDemandCatalogs).catch(() => {})
}

/**
 * A route's `clientMiddleware`: a client navigation to the route waits for the namespaces its `handle` names, so the
 * page never renders a bare key; the error messages too for a page that may draw one from its data (by then they
 * are mostly loaded: the root fetches them once the first page is idle). They are fetched alongside the route's
 * data, not before it; loaded ones cost nothing.
 */
export function fetchPageCatalogs(handle: CatalogHandle & Required<Pick<CatalogHandle, 'catalogs'>>) {
  const namespaces = handle.drawsErrorsFrom ? [...handle.catalogs, ...onDemandCatalogs] : handle.catalogs
  return async <Result>(_args: unknown, next: () => Promise<Result>): Promise<Result> => {
    const catalogs = ensureCatalogs(namespaces)
    // When the data fails first, the navigation reports that; a catalog failing too is not a second error.
    catalogs.catch(() => {})
    const result = await next()
    await catalogs
    return result
  }
}
