/**
 * The installable site and web push (issue 26, ADR 0044), on both sites: the manifest in the site's language with
 * icons that load; the offline page when the network is cut, with nothing personal kept by the service worker; and a
 * member turning on notifications on this device, receiving one through a fake push service and seeing it shown.
 *
 * What the push journey proves and what it does not: Chromium's own push service (FCM) cannot be reached here, so
 * the page's `pushManager.subscribe` is answered by a stand-in that returns a subscription at a fake push service
 * in this test (the keys are the test's own, as a browser's would be its own). Everything else is real: the page
 * asks for permission and subscribes with the site's VAPID key, the server stores the subscription, encrypts and
 * signs a message and POSTs it to the fake service, which checks the VAPID signature; the test decrypts the payload
 * with the subscription's private key and delivers it to the real service worker as a push event (DevTools'
 * protocol, as its "Push" button does), whose notification is then read back from the registration. Not proven:
 * that a real push service accepts the server's requests and wakes the browser.
 */
import type { Page } from '@playwright/test'
import {
  type FakePushService,
  startFakePushService,
} from '../server/modules/push/testing/fake-push-service.ts'
import { logInThroughApi } from './support/accounts.ts'
import { acceptCookies, expect, test, waitForHydration } from './support/fixtures.ts'

const developmentPublicKey =
  'BL7OHEweJ6IcdS0kZEOZkebL4nzVM_PD3GSBP4Hl5GVZHPpoeFN8gZ80twjFFE_cCAjImh-gdyslYvxeGBqAKeg'

/**
 * Waits until the service worker is active (it registers once the browser is idle after hydration), then opens the
 * page again: a navigation after activation is the worker's for certain, whereas the page it registered from is
 * taken over only once its activation's `clients.claim()` has run.
 */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

// The service worker is what these journeys are about (every other journey blocks it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

test.describe('the installable site', () => {
  test('is installable: a manifest in the site’s language that Chromium reads without errors, icons that load', async ({
    page,
    site,
    t,
  }) => {
    await acceptCookies(page, site.origin)
    await page.goto('/')
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
    await waitForServiceWorker(page)

    const cdp = await page.context().newCDPSession(page)
    const { errors, data } = (await cdp.send('Page.getAppManifest')) as {
      errors: { message: string; critical: number }[]
      data?: string
    }
    expect(errors).toEqual([])
    const manifest = JSON.parse(data ?? '{}')
    expect(manifest).toMatchObject({
      name: t('web-app:manifest.name'),
      short_name: t('web-app:manifest.shortName'),
      lang: site.locale,
      start_url: '/',
      display: 'standalone',
    })
    // What Chromium requires before it offers to install: a manifest, icons, a worker that controls the page.
    await expect
      .poll(async () => {
        const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: { errorId: string }[]
        }
        // Playwright's contexts are incognito-like, where Chromium never installs; nothing else may stand in the way.
        return installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')
      })
      .toEqual([])
    const icons = await page.evaluate(
      async (sources) =>
        Promise.all(
          sources.map(async (source) => {
            const response = await fetch(source)
            return `${source} ${response.status} ${response.headers.get('content-type')}`
          }),
        ),
      (manifest.icons as { src: string }[]).map((icon) => icon.src),
    )
    for (const line of icons) expect(line).toMatch(/ 200 image\/(png|svg\+xml)/)
  })
})

test.describe('offline', () => {
  test('shows the offline page in the site’s language when the network is cut, and keeps nothing personal', async ({
    page,
    site,
    t,
    request,
  }) => {
    await acceptCookies(page, site.origin)
    await logInThroughApi(page, request, site.origin)
    await page.goto('/member/account')
    await waitForHydration(page)
    await waitForServiceWorker(page)
    const accountTitle = page.getByRole('heading', { level: 1, name: t('billing:account.title') })
    await expect(accountTitle).toBeVisible()

    await page.context().setOffline(true)
    await page.goto('/member/account')
    await expect(page.getByRole('heading', { level: 1, name: t('web-app:offline.title') })).toBeVisible()
    await expect(page.getByText(t('web-app:offline.text'))).toBeVisible()
    await expect(page).toHaveURL(/\/member\/account$/)
    await page.goto('/about-us')
    await expect(page.getByRole('heading', { level: 1, name: t('web-app:offline.title') })).toBeVisible()

    // The worker keeps the offline page and build files only: no page a member saw, no API answer.
    const kept = await page.evaluate(async () => {
      const urls: string[] = []
      for (const name of await caches.keys()) {
        for (const key of await (await caches.open(name)).keys()) urls.push(new URL(key.url).pathname)
      }
      return urls
    })
    expect(kept).toContain('/offline')
    expect(kept.filter((path) => path !== '/offline' && !path.startsWith('/assets/'))).toEqual([])

    await page.context().setOffline(false)
    await page.getByRole('link', { name: t('web-app:offline.retry') }).click()
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(t('web-app:offline.title'))
    await expect(page).toHaveURL(/\/about-us$/)
  })
})

/**
 * Stands in for the browser's push service client: `subscribe` answers a subscription at the test's fake push
 * service (its endpoint and keys), remembering the key the page subscribed with; `getSubscription` answers it while
 * subscribed, across reloads (session storage), and `unsubscribe` forgets it.
 */
function standInPushManager(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const storageKey = 'test-push-subscription'
  const decode = (text: string) =>
    Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer
  const made = (applicationServerKey: string) => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: decode(applicationServerKey) },
    toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
    unsubscribe: async () => {
      sessionStorage.removeItem(storageKey)
      return true
    },
  })
  PushManager.prototype.getSubscription = async function getSubscription() {
    const key = sessionStorage.getItem(storageKey)
    return (key ? made(key) : null) as unknown as PushSubscription
  }
  PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
    const given = options?.applicationServerKey
    const key =
      typeof given === 'string'
        ? given
        : btoa(String.fromCharCode(...new Uint8Array(given as ArrayBuffer)))
            .replace(/\+/g, '-')
            .replace(/\//g, '_')
            .replace(/=+$/, '')
    sessionStorage.setItem(storageKey, key)
    return made(key) as unknown as PushSubscription
  }
}

test.describe('notifications on this device', () => {
  let pushService: FakePushService
  test.beforeAll(async () => {
    pushService = await startFakePushService()
  })
  test.afterAll(async () => {
    await pushService.close()
  })

  test('a member turns them on, receives one through the push service in the site’s language, and turns them off', async ({
    page,
    site,
    t,
    request,
  }) => {
    const device = pushService.createDevice()
    await page.context().grantPermissions(['notifications'], { origin: site.origin })
    await page.addInitScript(standInPushManager, device.subscription)
    await acceptCookies(page, site.origin)
    await logInThroughApi(page, request, site.origin)
    await page.goto('/member/account')
    await waitForHydration(page)

    const section = page.getByTestId('device-notifications')
    await expect(section.getByRole('heading', { name: t('web-app:device.title') })).toBeVisible()
    const toggle = section.getByRole('switch', { name: t('web-app:device.switch') })
    await expect(section.getByText(t('web-app:device.off'))).toBeVisible()
    await toggle.click()
    await expect(page.getByText(t('web-app:device.turnedOn'))).toBeVisible()
    await expect(section.getByText(t('web-app:device.on'))).toBeVisible()
    // Subscribed with the site's VAPID key.
    expect(await page.evaluate(() => sessionStorage.getItem('test-push-subscription'))).toBe(
      developmentPublicKey,
    )

    // The server remembers this device for the member: after a reload the switch is still on.
    await page.reload()
    await waitForHydration(page)
    await expect(toggle).toBeChecked()

    // A notification for the member goes to the push service, encrypted to this device and signed with the key.
    const report = await page.evaluate(async () => {
      const response = await fetch('/api/portal/dev/push', { method: 'POST' })
      return (await response.json()).data
    })
    expect(report).toMatchObject({ sent: 1 })
    expect(pushService.refused).toEqual([])
    const received = pushService.received.filter((push) => push.deviceId === device.id)
    expect(received).toHaveLength(1)
    const payload = device.decrypt(received[0]?.body ?? Buffer.alloc(0))
    const message = JSON.parse(payload)
    expect(message).toMatchObject({
      title: site.locale === 'en' ? 'Test notification' : '測試通知',
      url: '/member/account',
    })

    // The service worker shows it (the payload delivered as the push service would, through DevTools' protocol).
    await waitForServiceWorker(page)
    const cdp = await page.context().newCDPSession(page)
    const { targetInfo } = await cdp.send('Target.getTargetInfo')
    // The registration whose active worker controls this page: the protocol may also report registrations being
    // deleted, or other pages' (a push delivered to one of those would never reach this page's worker).
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        const ours = versions.find(
          (version) =>
            version.status === 'activated' && version.controlledClients?.includes(targetInfo.targetId),
        )
        if (ours) resolve(ours.registrationId)
      })
    })
    await cdp.send('ServiceWorker.enable')
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: site.origin,
      registrationId: await registrationId,
      data: payload,
    })
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready
          return (await registration.getNotifications()).map((shown) => ({
            title: shown.title,
            body: shown.body,
            tag: shown.tag,
            url: (shown.data as { url: string }).url,
          }))
        }),
      )
      .toEqual([
        { title: message.title, body: message.body, tag: 'test', url: `${site.origin}/member/account` },
      ])

    await toggle.click()
    await expect(page.getByText(t('web-app:device.turnedOff'))).toBeVisible()
    await expect(section.getByText(t('web-app:device.off'))).toBeVisible()
    const afterOff = await page.evaluate(async () => {
      const response = await fetch('/api/portal/dev/push', { method: 'POST' })
      return (await response.json()).data
    })
    expect(afterOff).toMatchObject({ sent: 0 })
  })
})
