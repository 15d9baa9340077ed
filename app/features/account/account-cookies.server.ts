/**
 * The login state the server draws the header with (spec §4): logged in while the access-token cookie is present,
 * with what the `userInfo` cookie holds when it has the contract's shape (anything else reads as absent).
 */

import { UserInfoCookie } from '#contracts/accounts.ts'
import { parseCookieHeader } from '#contracts/cookie-header.ts'
import { cookieNames } from '#contracts/cookie-names.ts'

export function userInfoFromCookieValue(value: string | undefined): UserInfoCookie | null {
  if (!value) return null
  try {
    const parsed = UserInfoCookie.safeParse(JSON.parse(value))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** From the request's Cookie header. */
export function accountStateFromCookies(cookieHeader: string | null | undefined): {
  isLoggedIn: boolean
  userInfo: UserInfoCookie | null
} {
  const cookies = parseCookieHeader(cookieHeader)
  return {
    isLoggedIn: Boolean(cookies[cookieNames.accessToken]),
    userInfo: userInfoFromCookieValue(cookies[cookieNames.userInfo]),
  }
}
