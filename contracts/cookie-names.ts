/**
 * The cookies the page and the server both read (spec §4, §9). Names only: who sets each one and for how long is
 * decided where it is written (app/api/cookies.ts in the browser, server/modules/accounts/session-cookies.ts).
 */
export const cookieNames = {
  referer: 'referer',
  landing: 'landing',
  searchKey: 'searchKey',
  languageChoice: 'i18n_redirected',
  privacy: 'privacy',
  accessToken: 'access_token',
  userInfo: 'userInfo',
} as const
