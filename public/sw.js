/**
 * The site's service worker (ADR 0044), one per regional site. It keeps two things only: the offline page (from
 * install) and fingerprinted build files (/assets/…, which never change under their name). Pages go to the network
 * first and fall back to the offline page when it cannot be reached; no page and no API answer is ever stored, so
 * nothing one reader saw can be shown to another on a shared device. Push messages become notifications in the
 * words the server wrote for this device (server/modules/push); a click opens the page they name on this site.
 */
const offlinePath = '/offline'
// A new offline page comes with a new worker: change the version with the page.
const offlineCacheName = 'tw-offline-v1'
const assetCacheName = 'tw-assets-v1'
const assetCacheLimit = 150

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // Without cookies: the offline page is the anonymous one whoever is logged in.
      const response = await fetch(offlinePath, { credentials: 'omit', cache: 'no-cache' })
      if (!response.ok) throw new Error(`offline page answered ${response.status}`)
      const cache = await caches.open(offlineCacheName)
      await cache.put(offlinePath, response)
      await self.skipWaiting()
    })(),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const kept = new Set([offlineCacheName, assetCacheName])
      for (const name of await caches.keys()) {
        if (!kept.has(name)) await caches.delete(name)
      }
      // The page request starts while the worker wakes up, so a page is never slower for having a worker.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable()
      await self.clients.claim()
    })(),
  )
})

async function offlineAnswer() {
  const cache = await caches.open(offlineCacheName)
  return (await cache.match(offlinePath)) ?? Response.error()
}

async function pageAnswer(event) {
  try {
    const preloaded = await event.preloadResponse
    if (preloaded) return preloaded
    return await fetch(event.request)
  } catch {
    return offlineAnswer()
  }
}

async function assetAnswer(request) {
  const cache = await caches.open(assetCacheName)
  const cached = await cache.match(request)
  if (cached) return cached
  const response = await fetch(request)
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone())
    const keys = await cache.keys()
    // The oldest go first: a few deployments' files at most.
    for (const key of keys.slice(0, Math.max(0, keys.length - assetCacheLimit))) await cache.delete(key)
  }
  return response
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (request.mode === 'navigate') {
    event.respondWith(pageAnswer(event))
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(assetAnswer(request))
  }
})

/** A path of this site; anything else opens the home page. */
function sitePathOf(url) {
  try {
    const target = new URL(typeof url === 'string' ? url : '/', self.location.origin)
    return target.origin === self.location.origin ? target.href : new URL('/', self.location.origin).href
  } catch {
    return new URL('/', self.location.origin).href
  }
}

function notificationOf(data) {
  let message = {}
  try {
    message = data ? data.json() : {}
  } catch {
    message = {}
  }
  const title = typeof message.title === 'string' && message.title ? message.title : self.location.hostname
  return {
    title,
    options: {
      body: typeof message.body === 'string' ? message.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      ...(typeof message.tag === 'string' && message.tag ? { tag: message.tag, renotify: true } : {}),
      data: { url: sitePathOf(message.url) },
    },
  }
}

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data)
  event.waitUntil(self.registration.showNotification(title, options))
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = sitePathOf(event.notification.data?.url)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
      if (open) {
        try {
          await open.focus()
          await open.navigate(target)
          return
        } catch {
          // A page this worker does not control cannot be navigated: a new window instead.
        }
      }
      await self.clients.openWindow(target)
    })(),
  )
})

// The push service renewed or dropped the subscription: subscribe again and tell the site, as the member's switch
// would (the session cookie goes with it; a logged-out device is refused and stays unsubscribed).
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const keyAnswer = await fetch('/api/portal/push/key', { credentials: 'same-origin' })
      const key = (await keyAnswer.json()).data
      if (!key?.enabled) return
      const subscription = await self.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key.publicKey,
      })
      await fetch('/api/portal/push/subscribe', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(subscription.toJSON()),
      })
    })(),
  )
})
