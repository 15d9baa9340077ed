/**
 * The message catalogs read from disk, for what runs outside Vite: the catalog tests, component tests and the
 * browser journeys' `t` (e2e/support/fixtures.ts). Two folders hold them: the app's namespaces in
 * `app/i18n/locales/<locale>/`, and on the shared floor `contracts/messages/<locale>/` those the server speaks too
 * (the API's error messages, the login SMS). The Vite globs of translator.server.ts and browser-catalog-*.ts name
 * the same two folders. Paths are from the package root, where tests and journeys run.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export const catalogFolders = ['app/i18n/locales', 'contracts/messages'] as const

/** Every namespace of `locale`, by name; a namespace found in both folders is a mistake and throws. */
export function readCatalogFiles(locale: string): Record<string, Record<string, unknown>> {
  const catalog: Record<string, Record<string, unknown>> = {}
  for (const root of catalogFolders) {
    const folder = path.resolve(root, locale)
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
      const namespace = file.replace(/\.json$/, '')
      if (namespace in catalog)
        throw new Error(`the ${namespace} namespace is in more than one catalog folder`)
      catalog[namespace] = JSON.parse(readFileSync(path.join(folder, file), 'utf8'))
    }
  }
  return catalog
}
