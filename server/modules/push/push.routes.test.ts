import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CommonErrorCode } from '#contracts/envelope.ts'
import { type PushDeviceAnswer, PushErrorCode, type PushKeyAnswer } from '#contracts/push-rules.ts'
import { createReaderClients, dataOf, expectFailure } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { developmentVapidKeys } from './push.config.ts'
import { type FakePushService, startFakePushService } from './testing/fake-push-service.ts'

const readers = createReaderClients({ ipPrefix: '10.128', phonePrefix: '9128' })
let runtime: TestRuntime
let pushService: FakePushService

beforeAll(async () => {
  runtime = await createTestRuntime({}, { smsSender: readers.smsSender })
  readers.bind(runtime)
  pushService = await startFakePushService()
})
afterAll(async () => {
  await pushService.close()
  await runtime.close()
})

describe('the push API', () => {
  it('gives anyone the key browsers subscribe with, uncached', async () => {
    const visitor = await readers.newVisitor()
    const response = await readers.get(visitor, '/push/key')
    expect(dataOf<PushKeyAnswer>(response)).toEqual({
      enabled: true,
      publicKey: developmentVapidKeys.publicKey,
    })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('ties a device to the member who turns notifications on, and unties it when they turn them off', async () => {
    const member = await readers.newMember()
    const { subscription } = pushService.createDevice()
    const device = (endpoint: string) => readers.send(member, 'POST', '/push/device', { endpoint })
    expect(dataOf<PushDeviceAnswer>(await device(subscription.endpoint))).toEqual({ subscribed: false })
    expect(dataOf(await readers.send(member, 'POST', '/push/subscribe', subscription))).toEqual({
      subscribed: true,
    })
    expect(dataOf<PushDeviceAnswer>(await device(subscription.endpoint))).toEqual({ subscribed: true })
    const off = await readers.send(member, 'POST', '/push/unsubscribe', { endpoint: subscription.endpoint })
    expect(dataOf(off)).toEqual({ subscribed: false })
    expect(dataOf<PushDeviceAnswer>(await device(subscription.endpoint))).toEqual({ subscribed: false })
  })

  it('leaves another member’s device alone when asked to unsubscribe its endpoint', async () => {
    const owner = await readers.newMember()
    const stranger = await readers.newMember()
    const { subscription } = pushService.createDevice()
    dataOf(await readers.send(owner, 'POST', '/push/subscribe', subscription))
    dataOf(await readers.send(stranger, 'POST', '/push/unsubscribe', { endpoint: subscription.endpoint }))
    const still = await readers.send(owner, 'POST', '/push/device', { endpoint: subscription.endpoint })
    expect(dataOf<PushDeviceAnswer>(still)).toEqual({ subscribed: true })
  })

  it('asks a visitor to log in first', async () => {
    const visitor = await readers.newVisitor()
    const { subscription } = pushService.createDevice()
    expectFailure(
      await readers.send(visitor, 'POST', '/push/subscribe', subscription),
      401,
      CommonErrorCode.unauthenticated,
    )
  })

  it('refuses what no browser would send: a plain-HTTP or private endpoint, keys of the wrong size', async () => {
    const member = await readers.newMember(undefined, 'hant')
    const { subscription } = pushService.createDevice()
    for (const body of [
      { ...subscription, endpoint: 'http://push.example.com/x' },
      { ...subscription, endpoint: 'https://10.0.0.1/x' },
      { ...subscription, endpoint: 'https://metadata.internal/x' },
      { ...subscription, endpoint: 'not a url' },
      { ...subscription, keys: { ...subscription.keys, p256dh: 'AAAA' } },
      { ...subscription, keys: { p256dh: subscription.keys.p256dh } },
      {},
    ]) {
      const response = await readers.send(member, 'POST', '/push/subscribe', body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.headers['x-error-code']).toBe(PushErrorCode.subscriptionInvalid)
      expect(response.json().message).toBe('無法使用此瀏覽器的通知訂閱，請重新開啟通知。')
    }
  })
})

describe('a site without push', () => {
  let quiet: TestRuntime
  const quietReaders = createReaderClients({ ipPrefix: '10.129', phonePrefix: '9129' })
  beforeAll(async () => {
    quiet = await createTestRuntime({ PUSH_ENABLED: 'false' }, { smsSender: quietReaders.smsSender })
    quietReaders.bind(quiet)
  })
  afterAll(() => quiet.close())

  it('says it sends no notifications and refuses subscriptions', async () => {
    const member = await quietReaders.newMember()
    expect(dataOf<PushKeyAnswer>(await quietReaders.get(member, '/push/key'))).toEqual({
      enabled: false,
      publicKey: null,
    })
    const { subscription } = pushService.createDevice()
    expectFailure(
      await quietReaders.send(member, 'POST', '/push/subscribe', subscription),
      404,
      PushErrorCode.disabled,
    )
  })
})
