/** The browser's calls of the login and member API (spec §7), through the shared client. */

import { ApiError, api, dataOf } from '#app/api/api-client.ts'
import type {
  LoginAnswer,
  LoginRequest,
  LogoutAnswer,
  MemberInfo,
  SendCodeAnswer,
  SendCodeRequest,
} from '#contracts/accounts.ts'

export async function sendLoginCode(request: SendCodeRequest): Promise<SendCodeAnswer> {
  return dataOf(await api.post<SendCodeAnswer>('/member/sendCode', request))
}

export async function logIn(request: LoginRequest): Promise<LoginAnswer> {
  return dataOf(await api.post<LoginAnswer>('/member/login', request))
}

/** A failed member-info lookup that says the session is no good: a 4xx other than 408 and 429. */
export function isSessionRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429
}

/**
 * Whether a failed member-info lookup ends the session: only the server's refusal does. A request aborted because
 * the reader left the page, a body cut off mid-read, being offline (NETWORK_ERROR, status 0) or a busy server is
 * not an answer about the session.
 */
export function endsSession(error: unknown): boolean {
  return error instanceof ApiError && isSessionRefusal(error.status)
}

export async function fetchMemberInfo(): Promise<MemberInfo> {
  return dataOf(await api.get<MemberInfo>('/home/memberInfo'))
}

export async function logOut(): Promise<LogoutAnswer> {
  return dataOf(await api.delete<LogoutAnswer>('/token/logout'))
}
