import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  createCatalogUsage,
  ensuredCatalogsOf,
  handleCatalogsOf,
  readerCatalogNamespaces,
} from './catalog-usage.ts'

const root = path.resolve(import.meta.dirname, '..')
const usage = createCatalogUsage(root)
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
const readerCatalog = readerCatalogNamespaces(read('app/i18n/browser-catalog-en.ts'))
/** The namespaces that load when needed (app/i18n/browser-catalogs.ts `onDemandCatalogs`): the error messages. */
const onDemand = ['errors']
const routeFiles = readdirSync(path.join(root, 'app/routes'))
  .filter((file) => file.endsWith('.tsx') && !file.includes('.test.'))
  .map((file) => `app/routes/${file}`)

describe('the catalogs the browser fetches', () => {
  it('has the same reader catalog in both languages, without the error messages', () => {
    expect(readerCatalogNamespaces(read('app/i18n/browser-catalog-zh-Hant.ts'))).toEqual(readerCatalog)
    // The page catalogs leave out the reader catalog's namespaces.
    expect(
      /'!\.\/locales\/\*\/\{([^}]*)\}\.json'/.exec(read('app/i18n/browser-catalogs.ts'))?.[1]?.split(','),
    ).toEqual(readerCatalog)
    expect(readerCatalog).toContain('common')
    expect(readerCatalog).not.toContain('errors')
    expect(read('app/i18n/browser-catalogs.ts')).toContain(`onDemandCatalogs = ['errors']`)
  })

  it('holds in the reader catalog every namespace the document, the shell and its dialogs speak unless fetched first', () => {
    const shell = ['app/entry.client.tsx', 'app/root.tsx', 'app/routes/shell.tsx']
    const everyPage = usage.namespacesOf(shell)
    const beyond = [...everyPage].filter((name) => !readerCatalog.includes(name))
    // Parts that fetch their own words before they speak them (the follow control's toasts, from the search box's
    // suggestions) need not weigh on every page.
    const ensured = [...usage.ensuredOf(shell)]
    expect(beyond.filter((name) => !onDemand.includes(name) && !ensured.includes(name))).toEqual([])
  })

  it.each(routeFiles)(
    '%s names in its handle the namespaces its pages speak beyond the reader catalog, and no other',
    (file) => {
      const source = read(file)
      const beyondReader = (names: Set<string>) => [...names].filter((name) => !readerCatalog.includes(name))
      const spoken = beyondReader(usage.namespacesOf([file]))
      const named = handleCatalogsOf(source)
      // What renders with the page is in its handle; code that fetches its own words first need not be (the home
      // page's lower sections, the methods dialog); the error messages may be named, by a page that always draws
      // one (a page that may draw one from its data says so with `drawsErrorsFrom` instead).
      const ensured = [...usage.ensuredOf([file])]
      const drawnWithPage = beyondReader(usage.namespacesOf([file], { staticOnly: true }))
      expect(named, 'the namespaces the page draws').toEqual(
        expect.arrayContaining(
          drawnWithPage.filter((name) => !onDemand.includes(name) && !ensured.includes(name)),
        ),
      )
      expect(
        [...new Set([...named, ...ensured.filter((name) => spoken.includes(name))])].sort(),
        'the namespaces the page and its later parts speak',
      ).toEqual(spoken.filter((name) => !onDemand.includes(name) || named.includes(name)).sort())
      if (named.length > 0)
        expect(source).toMatch(/export const clientMiddleware\b[^\n]*fetchPageCatalogs\(handle\)/)
    },
  )
})

describe('reading the code for the namespaces it speaks', () => {
  const fixture = mkdtempSync(path.join(tmpdir(), 'catalog-usage-'))
  afterAll(() => rmSync(fixture, { recursive: true, force: true }))
  for (const folder of ['app/i18n/locales/en', 'contracts/messages/en', 'app/routes', 'app/features'])
    mkdirSync(path.join(fixture, folder), { recursive: true })
  for (const name of ['common', 'articles', 'billing', 'plans', 'chat'])
    writeFileSync(path.join(fixture, 'app/i18n/locales/en', `${name}.json`), '{}')
  writeFileSync(path.join(fixture, 'contracts/messages/en/errors.json'), '{}')
  const write = (file: string, text: string) => writeFileSync(path.join(fixture, file), text)
  write(
    'app/routes/page.tsx',
    [
      "import { Price } from '#app/features/price.tsx'",
      "import type { Plan } from '#app/features/plan-types.ts'",
      "const Dialog = lazy(() => import('../features/dialog.tsx'))",
      "import type { Data } from '#app/features/data.server.ts'",
      "export default function Page() { const { t } = useTranslation('articles'); return t('title') }",
    ].join('\n'),
  )
  write(
    'app/features/price.tsx',
    "export function Price() { const { t } = useTranslation(); return t('billing:price') }",
  )
  write('app/features/plan-types.ts', "export const x = t('plans:never')")
  write('app/features/dialog.tsx', 'export default () => t(`errors:` + code)')
  write('app/features/data.server.ts', "export const y = t('chat:server')")

  it('follows static and on-demand imports, counts prefixed keys, and skips type-only imports', () => {
    const spoken = createCatalogUsage(fixture).namespacesOf(['app/routes/page.tsx'])
    expect([...spoken].sort()).toEqual(['articles', 'billing', 'common', 'errors'])
    const drawn = createCatalogUsage(fixture).namespacesOf(['app/routes/page.tsx'], { staticOnly: true })
    expect([...drawn].sort()).toEqual(['articles', 'billing', 'common'])
  })

  it('reads the namespaces code fetches itself before speaking them', () => {
    expect(
      ensuredCatalogsOf(
        "const Part = deferHydration(() => Promise.all([import('./p.tsx'), ensureCatalogs(['stocks', 'plans'])]))",
      ),
    ).toEqual(['stocks', 'plans'])
    expect(ensuredCatalogsOf('ensureCatalogs(handle.catalogs)')).toEqual([])
  })

  it('reads the reader globs and a route handle', () => {
    expect(
      readerCatalogNamespaces(
        "import.meta.glob(['./locales/en/{common,shell}.json', '../../contracts/messages/en/errors.json'])",
      ),
    ).toEqual(['common', 'errors', 'shell'])
    expect(handleCatalogsOf("export const handle = { catalogs: ['billing', 'plans'] } satisfies X")).toEqual([
      'billing',
      'plans',
    ])
    expect(handleCatalogsOf('export default function Page() {}')).toEqual([])
  })
})
