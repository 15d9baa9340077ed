import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AuditEntry,
  type AuditPage,
  ConsoleErrorCode,
  type ConsoleMe,
  type ConsoleMemberRoles,
  type ConsoleRole,
  consoleApiPrefix,
  consoleRoles,
} from '#contracts/console-rules.ts'
import type { ConsoleRouteRoles } from '#server/kernel/console-staff.ts'
import { createConsoleClients, type StaffClient } from '#server/testing/console-clients.ts'
import { expectFailure } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

const clients = createConsoleClients({ ipPrefix: '10.61', phonePrefix: '9161' })
let runtime: TestRuntime
let admin: StaffClient
let staffByRole: Record<ConsoleRole, StaffClient>
let memberWithoutRole: StaffClient

/**
 * Who may call each console route. Every route the app serves under /api/console must be listed: a route added
 * without a row here fails the first test, so none can skip the checks below. `admin` passes every route.
 */
const routeRoles: Record<string, ConsoleRouteRoles> = {
  'GET /me': 'any',
  'GET /roles': ['admin'],
  'POST /roles': ['admin'],
  'DELETE /roles': ['admin'],
  'GET /audit': ['admin'],
  'GET /articles': ['editor', 'analyst'],
  'POST /articles': ['editor', 'analyst'],
  'GET /articles/options': ['editor', 'analyst'],
  'POST /articles/preview': ['editor', 'analyst'],
  'GET /articles/:id': ['editor', 'analyst'],
  'PUT /articles/:id': ['editor', 'analyst'],
  'POST /articles/:id/state': ['editor', 'analyst'],
  'GET /articles/:id/revisions': ['editor', 'analyst'],
  'GET /articles/:id/revisions/compare': ['editor', 'analyst'],
  'GET /articles/:id/revisions/:number': ['editor', 'analyst'],
  'POST /articles/:id/revisions/:number/restore': ['editor', 'analyst'],
  'POST /articles/:id/preview-link': ['editor', 'analyst'],
  'POST /covers': ['editor', 'analyst'],
  'GET /picks': ['analyst'],
  'POST /picks': ['analyst'],
  'PUT /picks/:month/:market/:code': ['analyst'],
  'DELETE /picks/:month/:market/:code': ['analyst'],
  'GET /company-texts': ['analyst'],
  'GET /company-texts/:market/:code': ['analyst'],
  'PUT /company-texts/:market/:code': ['analyst'],
  'GET /strategies': ['analyst'],
  'POST /strategies': ['analyst'],
  'GET /strategies/:id': ['analyst'],
  'PUT /strategies/:id': ['analyst'],
  'DELETE /strategies/:id': ['analyst'],
  'POST /strategies/:id/rebalances': ['analyst'],
  'GET /classroom/courses': ['analyst'],
  'POST /classroom/courses': ['analyst'],
  'GET /classroom/courses/:id': ['analyst'],
  'PUT /classroom/courses/:id': ['analyst'],
  'DELETE /classroom/courses/:id': ['analyst'],
  'POST /classroom/courses/:id/lessons': ['analyst'],
  'PUT /classroom/courses/:id/lesson-order': ['analyst'],
  'PUT /classroom/lessons/:id': ['analyst'],
  'DELETE /classroom/lessons/:id': ['analyst'],
  'GET /site/texts': ['admin'],
  'GET /site/texts/:key/:locale': ['admin'],
  'PUT /site/texts/:key/:locale': ['admin'],
  'GET /site/menu-groups': ['admin'],
  'POST /site/menu-groups': ['admin'],
  'PUT /site/menu-groups/:key': ['admin'],
  'DELETE /site/menu-groups/:key': ['admin'],
  'PUT /site/menu-order': ['admin'],
  'GET /site/redirects': ['admin'],
  'POST /site/redirects': ['admin'],
  'PUT /site/redirects': ['admin'],
  'DELETE /site/redirects': ['admin'],
  'GET /site/contact': ['admin'],
  'PUT /site/contact': ['admin'],
  'GET /site/prices': ['admin'],
  'PUT /site/prices/:tier/:period/:currency': ['admin'],
  'GET /analytics': ['editor'],
  'GET /analytics/export': ['editor'],
  'GET /members': ['support'],
  'GET /members/:id': ['support'],
  'POST /members/:id/plan': ['support'],
  'POST /members/:id/plan/end': ['support'],
  'POST /members/:id/sessions/end': ['support'],
  'GET /newsletter': ['support'],
  'GET /newsletter/export.csv': ['support'],
  'DELETE /newsletter/:id': ['support'],
  'GET /expert': ['analyst'],
  'GET /expert/:id': ['analyst'],
  'GET /expert/:id/file': ['analyst'],
  'POST /expert/:id/claim': ['analyst'],
  'POST /expert/:id/release': ['analyst'],
  'POST /expert/:id/answer': ['analyst'],
  'GET /advisers': ['support'],
  'POST /advisers': ['support'],
  'GET /advisers/:id': ['support'],
  'PUT /advisers/:id': ['support'],
  'POST /advisers/:id/active': ['support'],
  'GET /adviser-assignments': ['support'],
  'GET /adviser-assignments/:memberId': ['support'],
  'PUT /adviser-assignments/:memberId': ['support'],
  'DELETE /adviser-assignments/:memberId': ['support'],
  'GET /mail/outbox': ['admin'],
  'GET /mail/outbox/:id': ['admin'],
  'GET /digest/preview': ['editor'],
  'POST /digest/test': ['editor'],
  'POST /digest/send': ['admin'],
  'GET /chat/gaps': ['editor'],
  'GET /digest/issues': ['editor'],
}

beforeAll(async () => {
  runtime = await createTestRuntime({}, { smsSender: clients.smsSender })
  clients.bind(runtime)
  admin = await clients.newStaff(['admin'])
  staffByRole = {
    admin,
    editor: await clients.newStaff(['editor']),
    analyst: await clients.newStaff(['analyst']),
    support: await clients.newStaff(['support']),
  }
  memberWithoutRole = await clients.newStaff([])
})
afterAll(() => runtime.close())

/** HEAD follows GET; other methods (OPTIONS, QUERY…) only ever answer 405 here. */
const checkedMethods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])

/** Every route pattern under the console prefix with the methods it serves (not those answered 405). */
async function consoleRoutesOf(app: FastifyInstance): Promise<{ method: string; url: string }[]> {
  const patterns = new Map<string, Set<string>>()
  const parents: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match) continue
    const depth = (match[1] ?? '').length / 4
    const url = (parents[depth - 1] ?? '') + (match[2] ?? '')
    parents[depth] = url
    parents.length = depth + 1
    if (!match[3] || url.includes('*') || !url.startsWith(`${consoleApiPrefix}/`)) continue
    const methods = patterns.get(url) ?? new Set<string>()
    for (const method of match[3].split(', ')) if (checkedMethods.has(method)) methods.add(method)
    patterns.set(url, methods)
  }
  const served: { method: string; url: string }[] = []
  for (const [url, methods] of patterns) {
    for (const method of methods) {
      const response = await clients.call(
        admin,
        method as 'GET',
        concretePath(url.slice(consoleApiPrefix.length)),
      )
      if (response.headers['x-error-code'] !== 'METHOD_NOT_ALLOWED')
        served.push({ method, url: url.slice(consoleApiPrefix.length) })
    }
  }
  return served
}

/** A path of the pattern with plausible parameters (the guard answers before they are read). */
function concretePath(pattern: string): string {
  return pattern
    .replace(':id', '1')
    .replace(':number', '1')
    .replace(':month', '2026-11')
    .replace(':market', 'us')
    .replace(':code', 'AAPL')
}

function isAllowed(role: ConsoleRole, needed: ConsoleRouteRoles): boolean {
  return role === 'admin' || needed === 'any' || needed.includes(role)
}

describe('the console guard, on every route', () => {
  it('knows who may call every route the app serves under /api/console', async () => {
    const served = (await consoleRoutesOf(runtime.app)).map((route) => `${route.method} ${route.url}`)
    expect(served.length).toBeGreaterThanOrEqual(Object.keys(routeRoles).length)
    for (const route of served) expect(routeRoles, `add "${route}" to routeRoles`).toHaveProperty([route])
    expect(served.sort()).toEqual(Object.keys(routeRoles).sort())
    // One real request per route and method (about a hundred, some of them exports): the time of a sweep, not of a
    // single request, on a machine that may be running the rest of the suite beside it.
  }, 180_000)

  for (const [route, needed] of Object.entries(routeRoles)) {
    const [method, pattern] = route.split(' ') as [string, string]
    const path = concretePath(pattern)

    it(`answers ${route} with 401 to a visitor and 403 to a member without a role`, async () => {
      const visitor = await clients.readers.newVisitor()
      expectFailure(await clients.call(visitor, method as 'GET', path), 401, 'UNAUTHENTICATED')
      expectFailure(
        await clients.call(memberWithoutRole, method as 'GET', path),
        403,
        ConsoleErrorCode.roleRequired,
      )
    })

    it(`lets ${route} through only to ${needed === 'any' ? 'every role' : [...needed, 'admin'].join(', ')}`, async () => {
      for (const role of consoleRoles) {
        const response = await clients.call(staffByRole[role], method as 'GET', path)
        if (isAllowed(role, needed))
          expect([401, 403], `${role} on ${route}`).not.toContain(response.statusCode)
        else expectFailure(response, 403, ConsoleErrorCode.roleRequired)
      }
    })
  }

  it('answers an unknown console path with 401 to a visitor, 403 to non-admins and 404 to admins', async () => {
    expectFailure(await clients.call(null, 'GET', '/no-such-call'), 401, 'UNAUTHENTICATED')
    expectFailure(
      await clients.call(staffByRole.editor, 'GET', '/no-such-call'),
      403,
      ConsoleErrorCode.roleRequired,
    )
    expectFailure(await clients.call(admin, 'GET', '/no-such-call'), 404, 'NOT_FOUND')
  })

  it('accepts the session cookie as readers send it, and refuses an unsafe call from another site', async () => {
    const editor = staffByRole.editor
    const byCookie = await runtime.app.inject({
      method: 'GET',
      url: `${consoleApiPrefix}/me`,
      headers: {
        host: 'en.localhost:3000',
        cookie: `tw_device=${editor.device}; access_token=${editor.token}`,
      },
    })
    expect(byCookie.statusCode).toBe(200)
    expect((byCookie.json().data as ConsoleMe).roles).toEqual(['editor'])
    const crossSite = await runtime.app.inject({
      method: 'POST',
      url: `${consoleApiPrefix}/articles/preview`,
      headers: {
        host: 'en.localhost:3000',
        origin: 'https://evil.example',
        'content-type': 'application/json',
        cookie: `tw_device=${editor.device}; access_token=${editor.token}`,
      },
      payload: JSON.stringify({ markdown: '# hi' }),
    })
    expectFailure(crossSite, 403, 'CROSS_SITE_REQUEST')
  })
})

describe('roles', () => {
  it('tells a member their roles, the firm time zone and the server clock', async () => {
    const both = await clients.newStaff(['editor', 'analyst'])
    const response = await clients.call(both, 'GET', '/me')
    expect(response.statusCode).toBe(200)
    const me = response.json().data as ConsoleMe
    expect(me).toMatchObject({ memberId: both.memberId, phone: both.phone, roles: ['editor', 'analyst'] })
    expect(me.timeZone).toBe(runtime.config.limitsTimeZone)
    expect(Number.isNaN(Date.parse(me.now))).toBe(false)
  })

  it('lets an admin grant and revoke roles, registering a new number, and audits both', async () => {
    const phone = '+85291619999'
    const granted = await clients.call(admin, 'POST', '/roles', {
      body: { phone: '+852 9161 9999', role: 'support' },
    })
    expect(granted.statusCode).toBe(200)
    const holder = granted.json().data as ConsoleMemberRoles
    expect(holder.phone).toBe(phone)
    expect(holder.roles).toEqual([
      expect.objectContaining({
        role: 'support',
        grantedBy: { memberId: admin.memberId, phone: admin.phone },
      }),
    ])
    // Granting a held role again changes nothing and writes no entry.
    expect(
      (await clients.call(admin, 'POST', '/roles', { body: { phone, role: 'support' } })).statusCode,
    ).toBe(200)

    const list = (await clients.call(admin, 'GET', '/roles')).json().data as ConsoleMemberRoles[]
    expect(list.find((member) => member.phone === phone)?.roles.map((role) => role.role)).toEqual(['support'])

    const revoked = await clients.call(admin, 'DELETE', '/roles', {
      query: { memberId: holder.memberId, role: 'support' },
    })
    expect(revoked.statusCode).toBe(200)
    expect((revoked.json().data as ConsoleMemberRoles).roles).toEqual([])

    const audit = (
      await clients.call(admin, 'GET', '/audit', { query: { entity: 'member', entityId: holder.memberId } })
    ).json().data as AuditPage
    expect(audit.rows.map((entry) => entry.action)).toEqual(['role.revoke', 'role.grant'])
    const [revoke, grant] = audit.rows as [AuditEntry, AuditEntry]
    // Who acted (with the name they go by: none set here), and whom it was about, by number.
    expect(grant.actor).toEqual({ memberId: admin.memberId, phone: admin.phone, name: null })
    expect(grant.memberPhone).toBe(phone)
    expect(grant.before).toMatchObject({ roles: [] })
    expect(grant.after).toMatchObject({ roles: [{ role: 'support' }] })
    expect(revoke.before).toMatchObject({ roles: [{ role: 'support' }] })
    expect(revoke.after).toMatchObject({ roles: [] })
  })

  it('refuses a number that is not a mobile number in international form', async () => {
    const response = await clients.call(admin, 'POST', '/roles', {
      body: { phone: '91619998', role: 'editor' },
    })
    expectFailure(response, 400, ConsoleErrorCode.phoneInvalid)
  })

  it('says a well-formed number no network gives out is not a mobile number in use', async () => {
    const response = await clients.call(admin, 'POST', '/roles', {
      body: { phone: '+852 1234 5678', role: 'editor' },
    })
    expectFailure(response, 400, ConsoleErrorCode.phoneNotMobile)
  })

  it('never revokes the last admin', async () => {
    const access = runtime.services.console.access
    await expect(access.revokeRole({ memberId: admin.memberId, role: 'admin' }, null)).rejects.toMatchObject({
      code: ConsoleErrorCode.lastAdmin,
    })
    expectFailure(
      await clients.call(admin, 'DELETE', '/roles', { query: { memberId: admin.memberId, role: 'admin' } }),
      409,
      ConsoleErrorCode.lastAdmin,
    )
    const second = await access.grantRole({ phone: '+85291689002', role: 'admin' }, null)
    expect((await access.revokeRoleByPhone('+85291689002', 'admin')).roles).toEqual([])
    await expect(access.revokeRoleByPhone('+85291689002', 'admin')).rejects.toMatchObject({
      code: ConsoleErrorCode.memberNotFound,
    })
    expect((await access.listRoleHolders()).some((member) => member.memberId === second.memberId)).toBe(false)
    expect((await access.findConsoleMember(admin.memberId))?.roles).toEqual(['admin'])
  })

  it('records an operator command as a change without an actor', async () => {
    await runtime.services.console.access.grantRole({ phone: '+85291617777', role: 'editor' }, null)
    const page = (await clients.call(admin, 'GET', '/audit', { query: { action: 'role.grant' } })).json()
      .data as AuditPage
    expect(
      page.rows.find((entry) => (entry.after as ConsoleMemberRoles).phone === '+85291617777')?.actor,
    ).toBeNull()
  })
})

describe('the audit log', () => {
  it('filters by actor, action, entity and time, newest first, in pages', async () => {
    const audit = runtime.services.console.audit
    const actor = { memberId: staffByRole.editor.memberId, phone: staffByRole.editor.phone }
    for (let index = 0; index < 5; index += 1)
      await audit.recordChange({
        actor,
        action: 'test.touch',
        entity: 'test-thing',
        entityId: `thing-${index}`,
        before: { n: index },
        after: { n: index + 1 },
      })
    const first = (
      await clients.call(admin, 'GET', '/audit', {
        query: { actor: actor.memberId, action: 'test.touch', pageSize: '2' },
      })
    ).json().data as AuditPage
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2, hasMore: true })
    expect(first.rows.map((entry) => entry.entityId)).toEqual(['thing-4', 'thing-3'])
    expect(first.rows[0]).toMatchObject({ actor, entity: 'test-thing', before: { n: 4 }, after: { n: 5 } })
    const last = (
      await clients.call(admin, 'GET', '/audit', {
        query: { actor: actor.memberId, action: 'test.touch', pageSize: '2', page: '3' },
      })
    ).json().data as AuditPage
    expect(last).toMatchObject({ hasMore: false })
    expect(last.rows.map((entry) => entry.entityId)).toEqual(['thing-0'])

    const today = runtime.services.console.access.describeMe({ ...actor, roles: ['editor'] }).now.slice(0, 10)
    const byEntity = (
      await clients.call(admin, 'GET', '/audit', { query: { entity: 'test-thing', entityId: 'thing-2' } })
    ).json().data as AuditPage
    expect(byEntity.rows).toHaveLength(1)
    const future = (
      await clients.call(admin, 'GET', '/audit', { query: { action: 'test.touch', from: '2999-01-01' } })
    ).json().data as AuditPage
    expect(future.total).toBe(0)
    const past = (
      await clients.call(admin, 'GET', '/audit', { query: { action: 'test.touch', to: '2000-01-01' } })
    ).json().data as AuditPage
    expect(past.total).toBe(0)
    const aroundToday = (
      await clients.call(admin, 'GET', '/audit', {
        query: { action: 'test.touch', from: '2000-01-01', to: `${Number(today.slice(0, 4)) + 1}-01-01` },
      })
    ).json().data as AuditPage
    expect(aroundToday.total).toBe(5)
  })

  it('refuses a malformed filter', async () => {
    expectFailure(
      await clients.call(admin, 'GET', '/audit', { query: { actor: 'someone' } }),
      400,
      'VALIDATION_FAILED',
    )
  })
})
