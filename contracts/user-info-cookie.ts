/**
 * What the userInfo cookie (15 days, spec §9) holds for a member: only what the header draws. Its own file, without
 * zod, because every page's account state uses it (ADR 0011); the cookie's schema is in contracts/accounts.ts.
 */
import type { MemberInfo, UserInfoCookie } from './accounts.ts'

export function userInfoCookieOf(info: MemberInfo): UserInfoCookie {
  return {
    maskedPhone: info.maskedPhone,
    displayName: info.displayName,
    tier: info.subscription?.tier ?? null,
  }
}
