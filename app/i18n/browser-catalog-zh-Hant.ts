/**
 * The Traditional Chinese reader catalog for the browser (browser-catalogs.ts): the namespaces the document, the shell
 * and its dialogs speak on every page, in one module, one request. A page's own namespaces are fetched with it; the
 * error messages when an error is to be shown. scripts/catalog-usage.test.ts checks this list against the code.
 */
export const files = import.meta.glob('./locales/zh-Hant/{account,common,search,shell}.json', {
  eager: true,
  import: 'default',
})
