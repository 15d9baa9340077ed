import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { createRedirectsService } from './redirects.service.ts'

let runtime: TestRuntime
beforeAll(async () => {
  runtime = await createTestRuntime()
})
afterAll(() => runtime.close())

describe('operator redirects', () => {
  it('starts with the default short paths', async () => {
    expect(await runtime.services.redirects.findRedirect('/about')).toEqual({
      location: '/about-us',
      status: 301,
    })
    expect(await runtime.services.redirects.findRedirect('/about/')).toEqual({
      location: '/about-us',
      status: 301,
    })
    expect(await runtime.services.redirects.findRedirect('/about-us')).toBeUndefined()
  })

  it('saves a rule that every process sees after its refresh interval', async () => {
    let now = 0
    const otherProcess = createRedirectsService({ db: runtime.database.db, now: () => now })
    expect(await otherProcess.findRedirect('/old-promo')).toBeUndefined()
    await runtime.services.redirects.saveRedirect('/old-promo', 'https://campaign.example.com/autumn', 302)
    expect(await otherProcess.findRedirect('/old-promo')).toBeUndefined()
    now += 31_000
    expect(await otherProcess.findRedirect('/old-promo')).toEqual({
      location: 'https://campaign.example.com/autumn',
      status: 302,
    })
  })

  it('refuses rules that are not paths or http(s) URLs, or that point at themselves', async () => {
    await expect(runtime.services.redirects.saveRedirect('old', '/new', 301)).rejects.toMatchObject({
      code: 'CONSOLE_REDIRECT_FROM_INVALID',
    })
    await expect(
      runtime.services.redirects.saveRedirect('/old', 'javascript:alert(1)', 301),
    ).rejects.toMatchObject({ code: 'CONSOLE_REDIRECT_TARGET_INVALID' })
    await expect(runtime.services.redirects.saveRedirect('/loop', '/loop/', 301)).rejects.toMatchObject({
      code: 'CONSOLE_REDIRECT_SELF',
    })
  })
})
