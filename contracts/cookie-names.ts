/**
 * The cookies the page and the server both read (spec §4, §9). Names only: who sets each one and for how long is
 * decided where it is written (app/api/cookies.ts in the browser, contracts/visit-cookies.ts for every page,
 * server/modules/accounts/session-cookies.ts for a login and a visitor's device).
 */
export const cookieNames = {
  referer: 'referer',
  landing: 'landing',
  searchKey: 'searchKey',
  languageChoice: 'i18n_redirected',
  privacy: 'privacy',
  accessToken: 'access_token',
  userInfo: 'userInfo',
  /** A visitor's device id, for visitor quotas (HttpOnly: only the server reads it). */
  device: 'tw_device',
} as const
