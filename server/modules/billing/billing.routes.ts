/**
 * Billing's API (contracts/billing.ts lists every route and shape): parse with the contract, call the service with
 * the reader and their region, answer the envelope. The service decides who may do what (members only: 401).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  CheckoutParams,
  CheckoutRequest,
  DemoCompleteRequest,
  DowngradeRequest,
  PaymentListQuery,
  PortalRequest,
  UpgradeQuery,
  UpgradeRequest,
} from '#contracts/billing.ts'
import { ok } from '#contracts/envelope.ts'
import { regionFromHostname } from '#contracts/regions.ts'
import { requestLocale } from '#server/http/error-handler.ts'
import type { BillingService } from './billing.service.ts'

function clientOf(request: FastifyRequest) {
  return { region: regionFromHostname(request.hostname), locale: requestLocale(request) }
}

export function registerBillingRoutes(api: FastifyInstance, billing: BillingService): void {
  api.get('/billing/prices', async (request) => {
    const { region, locale } = clientOf(request)
    return ok(await billing.listPrices(region, locale))
  })

  api.get('/billing/state', async (request) =>
    ok(await billing.getReaderState(request.reader, clientOf(request))),
  )

  api.post('/billing/checkout', async (request) => {
    const body = CheckoutRequest.parse(request.body ?? {})
    return ok(await billing.startCheckout(request.reader, body, clientOf(request)))
  })

  api.get('/billing/checkout/:checkoutId', async (request) => {
    const { checkoutId } = CheckoutParams.parse(request.params)
    return ok(await billing.getCheckout(request.reader, checkoutId, clientOf(request)))
  })

  api.post('/billing/demo/complete', async (request) => {
    const body = DemoCompleteRequest.parse(request.body ?? {})
    return ok(await billing.completeDemoCheckout(request.reader, body, clientOf(request)))
  })

  api.get('/billing/upgrade-quote', async (request) => {
    const { tier } = UpgradeQuery.parse(request.query)
    return ok(await billing.quoteUpgrade(request.reader, tier))
  })

  api.post('/billing/upgrade', async (request) => {
    const { tier, quotedAt } = UpgradeRequest.parse(request.body ?? {})
    return ok(await billing.upgrade(request.reader, tier, clientOf(request), quotedAt))
  })

  api.post('/billing/downgrade', async (request) => {
    const { tier } = DowngradeRequest.parse(request.body ?? {})
    return ok(await billing.downgrade(request.reader, tier, clientOf(request)))
  })

  api.delete('/billing/downgrade', async (request) =>
    ok(await billing.cancelDowngrade(request.reader, clientOf(request))),
  )

  api.post('/billing/cancel-renewal', async (request) =>
    ok(await billing.cancelRenewal(request.reader, clientOf(request))),
  )

  api.post('/billing/resume-renewal', async (request) =>
    ok(await billing.resumeRenewal(request.reader, clientOf(request))),
  )

  api.post('/billing/refund', async (request) => ok(await billing.refund(request.reader, clientOf(request))))

  api.get('/billing/payments', async (request) => {
    const query = PaymentListQuery.parse(request.query)
    return ok(await billing.listPayments(request.reader, query))
  })

  api.post('/billing/portal', async (request) => {
    const { returnPath } = PortalRequest.parse(request.body ?? {})
    return ok(await billing.openPortal(request.reader, returnPath, clientOf(request)))
  })

  // Encapsulated: the signature is over the exact bytes Stripe sent, so this route keeps the body as a Buffer.
  api.register(async (webhooks) => {
    webhooks.removeContentTypeParser('application/json')
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    )
    webhooks.post('/billing/webhooks/stripe', async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const signature = request.headers['stripe-signature']
      return ok(await billing.handleStripeWebhook(raw, Array.isArray(signature) ? signature[0] : signature))
    })
  })
}
