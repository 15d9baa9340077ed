/**
 * A member's email address as the account page sets it (tests): given with `PUT /member/email` from the member's own
 * site, then verified by the button of the page the verification mail links to, read from the outbox.
 */
import type { LightMyRequestResponse } from 'fastify'
import { type createReaderClients, dataOf, type ReaderClient } from '#server/testing/reader-clients.ts'
import { regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'
import { linkIn, mailTo } from './outbox-reading.ts'

type ReaderClients = Pick<ReturnType<typeof createReaderClients>, 'sameSiteHeadersOf' | 'newMember'>

/** `PUT /member/email` from the member's own site. */
export function putMemberEmail(
  runtime: TestRuntime,
  readers: ReaderClients,
  client: ReaderClient,
  email: string,
): Promise<LightMyRequestResponse> {
  return runtime.app.inject({
    method: 'PUT',
    url: '/api/portal/member/email',
    headers: readers.sameSiteHeadersOf(client, { 'content-type': 'application/json' }),
    remoteAddress: client.ip,
    payload: JSON.stringify({ email }),
  })
}

/** The verification page's button: posts the link's token, from a browser on the site `region` names. */
export function pressVerify(
  runtime: TestRuntime,
  link: string,
  region: 'en' | 'hant' = 'en',
): Promise<LightMyRequestResponse> {
  const token = new URL(link).searchParams.get('token') ?? ''
  return runtime.app.inject({
    method: 'POST',
    url: '/api/portal/member/email/verify',
    headers: {
      ...regionalHeaders(region),
      origin: `http://${region}.localhost:3000`,
      'content-type': 'application/json',
    },
    payload: JSON.stringify({ token }),
  })
}

/** Gives `address` on the member's account page and presses the button of the verification mail it receives. */
export async function verifyMemberEmail(
  runtime: TestRuntime,
  readers: ReaderClients,
  client: ReaderClient,
  address: string,
): Promise<void> {
  dataOf(await putMemberEmail(runtime, readers, client, address))
  const [verification] = await mailTo(runtime, address)
  const region = client.region ?? 'en'
  dataOf(await pressVerify(runtime, linkIn(verification?.text ?? '', '/mail/verify'), region))
}

/** A new member (of `tier`, on the site `region` names) with `address` verified as theirs. */
export async function memberWithVerifiedEmail(
  runtime: TestRuntime,
  readers: ReaderClients,
  address: string,
  options: { region?: 'en' | 'hant'; tier?: 'base' | 'plus' | 'premium' } = {},
): Promise<ReaderClient> {
  const member = await readers.newMember(options.tier, options.region ?? 'en')
  await verifyMemberEmail(runtime, readers, member, address)
  return member
}
