/** The account page's calls for the member's email address (issue 26), through the shared client. */

import { api, dataOf } from '#app/api/api-client.ts'
import type { MemberEmailView } from '#contracts/member-email.ts'

/** The account page's email address (issue 26): give one (a verification mail goes to it), send again, remove. */
export async function setMemberEmail(email: string): Promise<MemberEmailView> {
  return dataOf(await api.put<MemberEmailView>('/member/email', { email }))
}

export async function resendEmailVerification(): Promise<MemberEmailView> {
  return dataOf(await api.post<MemberEmailView>('/member/email/resend', {}))
}

export async function removeMemberEmail(): Promise<MemberEmailView> {
  return dataOf(await api.delete<MemberEmailView>('/member/email'))
}
