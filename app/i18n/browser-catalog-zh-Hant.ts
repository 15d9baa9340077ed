/** Every Traditional Chinese namespace, for the browser (browser-catalogs.ts): one module, one request. */
export const files = import.meta.glob(
  ['./locales/zh-Hant/*.json', '../../contracts/messages/zh-Hant/*.json'],
  { eager: true, import: 'default' },
)
