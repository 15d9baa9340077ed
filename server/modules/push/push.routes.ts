/**
 * The web push API (contracts/push.ts): parse, call the service, answer the envelope. The key is for anyone (the
 * service worker asks for it when its subscription changes); the rest for logged-in readers, whose device it is
 * being the service's to check. With TEST_ENDPOINTS=loopback, POST /dev/push sends the logged-in member a test
 * notification (the browser journeys; answered to this machine alone).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ok } from '#contracts/envelope.ts'
import { PushEndpointRequest, PushSubscribeRequest, pushWritesPerMinute } from '#contracts/push.ts'
import { type Locale, regionFromHostname, regionSettings } from '#contracts/regions.ts'
import { AppError } from '#server/http/app-error.ts'
import { registerLoopbackOnlyRoutes } from '#server/http/test-endpoints.ts'
import type { PushService } from './push.service.ts'

/**
 * The language of the site the request came to: a device's notifications are written in it and open on that site.
 * The host decides, not the Lang header, which the service worker's renewal of a subscription does not send.
 */
function siteLocaleOf(request: FastifyRequest): Locale {
  return regionSettings[regionFromHostname(request.hostname.replace(/:\d+$/, ''))].locale
}

const writes = { config: { rateLimit: { max: pushWritesPerMinute, timeWindow: '1 minute' } } }

export function registerPushRoutes(
  api: FastifyInstance,
  push: PushService,
  options: { testEndpoints: boolean },
): void {
  api.get('/push/key', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return ok(push.getPushKey())
  })

  api.post('/push/subscribe', writes, async (request) => {
    const subscription = PushSubscribeRequest.parse(request.body ?? {})
    return ok(await push.subscribeDevice(request.reader, subscription, siteLocaleOf(request)))
  })

  api.post('/push/unsubscribe', writes, async (request) => {
    const { endpoint } = PushEndpointRequest.parse(request.body ?? {})
    return ok(await push.unsubscribeDevice(request.reader, endpoint))
  })

  api.post('/push/device', writes, async (request) => {
    const { endpoint } = PushEndpointRequest.parse(request.body ?? {})
    return ok(await push.isDeviceSubscribed(request.reader, endpoint))
  })

  if (options.testEndpoints) {
    registerLoopbackOnlyRoutes(api, (testRoutes) => {
      testRoutes.post('/dev/push', async (request) => {
        const memberId = request.reader.memberId
        if (!memberId) throw new AppError('unauthenticated', 'UNAUTHENTICATED')
        return ok(
          await push.sendPush(
            memberId,
            {
              title: { en: 'Test notification', 'zh-Hant': '測試通知' },
              body: { en: 'Notifications reach this device.', 'zh-Hant': '通知已送達此裝置。' },
              url: '/member/account',
              tag: 'test',
            },
            `dev-push:${Date.now()}`,
          ),
        )
      })
    })
  }
}
