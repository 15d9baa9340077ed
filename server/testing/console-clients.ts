/**
 * Staff for console API tests: members (reader-clients.ts) holding console roles, and calls to `/api/console` made
 * as them through `app.inject` — unsafe methods from their own site's origin (ADR 0006), with the X-token header.
 * Create it before the runtime (its SMS sender goes into `createTestRuntime`), then `bind` the runtime.
 */
import type { InjectOptions } from 'fastify'
import { type ConsoleRole, consoleApiPrefix } from '#contracts/console-rules.ts'
import { createReaderClients, type ReaderClient } from '#server/testing/reader-clients.ts'
import type { TestRuntime } from '#server/testing/test-runtime.ts'

export interface StaffClient extends ReaderClient {
  phone: string
  memberId: string
  roles: ConsoleRole[]
}

export function createConsoleClients(options: { ipPrefix: string; phonePrefix: string }) {
  const readers = createReaderClients(options)
  let runtime: TestRuntime | null = null

  function bound(): TestRuntime {
    if (!runtime) throw new Error('bind the test runtime first')
    return runtime
  }

  /** A logged-in member holding these roles (none: logged in, not staff). */
  async function newStaff(roles: ConsoleRole[], region: 'en' | 'hant' = 'en'): Promise<StaffClient> {
    const member = await readers.newMember(undefined, region)
    const phone = member.phone as string
    const access = bound().services.console.access
    let memberId = (await bound().services.accounts.findMember(phone))?.id as string
    for (const role of roles) memberId = (await access.grantRole({ phone, role }, null)).memberId
    return { ...member, phone, memberId, roles }
  }

  /** A call to the console API as the client (a visitor when it has no token). */
  function call(
    client: ReaderClient | null,
    method: InjectOptions['method'],
    path: string,
    options: { body?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const visitor = client ?? { ip: '127.0.0.9', device: '', region: 'en' as const }
    const isUnsafe = !['GET', 'HEAD', 'OPTIONS'].includes(String(method))
    const headers = {
      ...(isUnsafe ? readers.sameSiteHeadersOf(visitor) : readers.headersOf(visitor)),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    }
    return bound().app.inject({
      method,
      url: `${consoleApiPrefix}${path}`,
      headers,
      remoteAddress: visitor.ip,
      ...(options.query ? { query: options.query } : {}),
      ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
    })
  }

  return {
    smsSender: readers.smsSender,
    bind(testRuntime: TestRuntime) {
      runtime = testRuntime
      readers.bind(testRuntime)
    },
    readers,
    newStaff,
    call,
  }
}
