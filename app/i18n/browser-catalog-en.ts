/** Every English namespace, for the browser (browser-catalogs.ts): one module, one request. */
export const files = import.meta.glob(['./locales/en/*.json', '../../contracts/messages/en/*.json'], {
  eager: true,
  import: 'default',
})
