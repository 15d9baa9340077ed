import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError } from '#server/config/config-error.ts'
import { loadConfig } from '#server/config.ts'
import { createReaderClients, dataOf, type ReaderClient } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { developmentVapidKeys, pushConfigOf } from './push.config.ts'
import { selectMemberSubscriptions } from './push.repo.ts'
import { isAcceptableEndpoint, type PushMessage } from './push.service.ts'
import { type FakeDevice, type FakePushService, startFakePushService } from './testing/fake-push-service.ts'

const readers = createReaderClients({ ipPrefix: '10.130', phonePrefix: '9130' })
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

const alert: PushMessage = {
  title: { en: 'AAPL rose above 200', 'zh-Hant': 'AAPL 升穿 200' },
  body: { en: 'Apple closed at 201.50.', 'zh-Hant': '蘋果收市報 201.50。' },
  url: '/ai-stock-diagnosis?code=AAPL&market=us',
  tag: 'alert:aapl-above-200',
}

async function subscribedDevice(member: ReaderClient): Promise<FakeDevice> {
  const device = pushService.createDevice()
  dataOf(await readers.send(member, 'POST', '/push/subscribe', device.subscription))
  return device
}

const memberIdOf = async (member: ReaderClient) =>
  (
    await runtime.services.accounts.readerFromCookies({
      access_token: member.token,
      tw_device: member.device,
    })
  ).memberId ?? ''

function receivedBy(device: FakeDevice) {
  return pushService.received.filter((push) => push.deviceId === device.id)
}

describe('sendPush', () => {
  it('sends each device the notification in the language of the site it subscribed on, encrypted to it and signed', async () => {
    const member = await readers.newMember()
    const english = await subscribedDevice(member)
    const chinese = await subscribedDevice({ ...member, region: 'hant', device: `${member.device}-2` })
    const report = await runtime.services.push.sendPush(await memberIdOf(member), alert, 'alert:1:crossing-1')
    expect(report).toEqual({ sent: 2, skipped: 0, removed: 0, failed: 0, retryable: 0 })
    expect(pushService.refused).toEqual([])

    const [toEnglish] = receivedBy(english)
    const [toChinese] = receivedBy(chinese)
    if (!toEnglish || !toChinese) throw new Error('both devices should have a message')
    expect(JSON.parse(english.decrypt(toEnglish.body))).toEqual({
      title: 'AAPL rose above 200',
      body: 'Apple closed at 201.50.',
      url: '/ai-stock-diagnosis?code=AAPL&market=us',
      tag: 'alert:aapl-above-200',
    })
    expect(JSON.parse(chinese.decrypt(toChinese.body))).toMatchObject({
      title: 'AAPL 升穿 200',
      body: '蘋果收市報 201.50。',
    })
    // Signed with the site's key for the push service's own origin; kept a day at most; replaces its own tag.
    expect(toEnglish.vapid).toMatchObject({
      aud: pushService.origin,
      sub: developmentVapidKeys.subject,
      publicKey: developmentVapidKeys.publicKey,
    })
    expect(toEnglish.headers.ttl).toBe('86400')
    expect(toEnglish.headers.topic).toBe('alert-aapl-above-200')
    // Ciphertext only: the words are not readable on the wire.
    expect(toEnglish.body.includes(Buffer.from('AAPL'))).toBe(false)
  })

  it('sends a message once per device and idempotency key, however often it is asked', async () => {
    const member = await readers.newMember()
    const device = await subscribedDevice(member)
    const memberId = await memberIdOf(member)
    const [first, second] = await Promise.all([
      runtime.services.push.sendPush(memberId, alert, 'alert:2:crossing-1'),
      runtime.services.push.sendPush(memberId, alert, 'alert:2:crossing-1'),
    ])
    expect((first?.sent ?? 0) + (second?.sent ?? 0)).toBe(1)
    const third = await runtime.services.push.sendPush(memberId, alert, 'alert:2:crossing-1')
    expect(third).toMatchObject({ sent: 0, skipped: 1 })
    expect(receivedBy(device)).toHaveLength(1)
    await runtime.services.push.sendPush(memberId, alert, 'alert:2:crossing-2')
    expect(receivedBy(device)).toHaveLength(2)
  })

  it('forgets a device whose push service says its endpoint is gone (410), and keeps the others', async () => {
    const member = await readers.newMember()
    const kept = await subscribedDevice(member)
    const gone = await subscribedDevice({ ...member, device: `${member.device}-old` })
    pushService.forget(gone.id)
    const memberId = await memberIdOf(member)
    const report = await runtime.services.push.sendPush(memberId, alert, 'alert:3:crossing-1')
    expect(report).toMatchObject({ sent: 1, removed: 1 })
    const endpoints = (await selectMemberSubscriptions(runtime.database.db, memberId)).map(
      (row) => row.endpoint,
    )
    expect(endpoints).toEqual([kept.subscription.endpoint])
    const answer = await readers.send(member, 'POST', '/push/device', {
      endpoint: gone.subscription.endpoint,
    })
    expect(dataOf(answer)).toEqual({ subscribed: false })
  })

  it('tries a message again under the same key when the push service was busy', async () => {
    const member = await readers.newMember()
    const device = await subscribedDevice(member)
    const memberId = await memberIdOf(member)
    pushService.setBusy(true)
    try {
      const busy = await runtime.services.push.sendPush(memberId, alert, 'alert:4:crossing-1')
      expect(busy).toMatchObject({ sent: 0, retryable: 1 })
    } finally {
      pushService.setBusy(false)
    }
    const again = await runtime.services.push.sendPush(memberId, alert, 'alert:4:crossing-1')
    expect(again).toMatchObject({ sent: 1 })
    expect(receivedBy(device)).toHaveLength(1)
  })

  it('replaces a device’s earlier subscription when it subscribes again with a new endpoint', async () => {
    const member = await readers.newMember()
    await subscribedDevice(member)
    const renewed = await subscribedDevice(member)
    const rows = await selectMemberSubscriptions(runtime.database.db, await memberIdOf(member))
    expect(rows.map((row) => row.endpoint)).toEqual([renewed.subscription.endpoint])
  })

  it('sends nothing to a member without devices', async () => {
    const member = await readers.newMember()
    expect(await runtime.services.push.sendPush(await memberIdOf(member), alert, 'alert:5')).toEqual({
      sent: 0,
      skipped: 0,
      removed: 0,
      failed: 0,
      retryable: 0,
    })
  })
})

describe('which endpoints the server posts to', () => {
  it('takes HTTPS push services and, in develop only, this machine', () => {
    expect(isAcceptableEndpoint('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true)
    expect(isAcceptableEndpoint('https://web.push.apple.com/QGx', false)).toBe(true)
    expect(isAcceptableEndpoint('http://127.0.0.1:9999/push/a', false)).toBe(false)
    expect(isAcceptableEndpoint('http://127.0.0.1:9999/push/a', true)).toBe(true)
    expect(isAcceptableEndpoint('https://[::1]/push', false)).toBe(false)
    expect(isAcceptableEndpoint('https://169.254.169.254/latest', true)).toBe(false)
    expect(isAcceptableEndpoint('https://user:pass@fcm.googleapis.com/x', false)).toBe(false)
    expect(isAcceptableEndpoint('https://router.lan/x', false)).toBe(false)
  })
})

describe('VAPID configuration', () => {
  const production = {
    APP_ENV: 'production',
    AUTH_SECRET: 'x'.repeat(40),
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC1',
    TWILIO_AUTH_TOKEN: 'token',
    TWILIO_FROM: '+15005550006',
    MAIL_PROVIDER: 'smtp',
    SMTP_URL: 'smtp://127.0.0.1:2525',
  }
  const keys = {
    VAPID_PUBLIC_KEY:
      'BCqf3O3D_YtdXNjye8-xa5aK-6cJQ409H-vlsyYUCZrLPPwY90DpZpuR78vPcka7hGzKHTQAsx0WOgSFAbMnsds',
    VAPID_PRIVATE_KEY: 'kp-oFfKrlRZzXDMVOBnGMCqz6BSUMZhxJbfL76AOYUQ',
    VAPID_SUBJECT: 'mailto:ops@tickerwise.example',
  }

  it('uses the development keys outside production when none are set', () => {
    expect(loadConfig({}).push).toMatchObject({ enabled: true, vapid: developmentVapidKeys })
    expect(
      pushConfigOf({
        APP_ENV: 'staging',
        VAPID_PUBLIC_KEY: undefined,
        VAPID_PRIVATE_KEY: undefined,
        VAPID_SUBJECT: undefined,
      }).push,
    ).toMatchObject({
      enabled: true,
      allowLoopbackEndpoints: false,
    })
  })

  it('in production pushes with the keys set, stays off without them, and refuses to boot when push is asked for without keys', () => {
    expect(loadConfig({ ...production, ...keys }).push).toMatchObject({
      enabled: true,
      vapid: { subject: keys.VAPID_SUBJECT },
    })
    expect(loadConfig(production).push).toEqual({ enabled: false })
    expect(() => loadConfig({ ...production, PUSH_ENABLED: 'true' })).toThrow(
      /^PUSH_ENABLED=true needs VAPID_PUBLIC_KEY/,
    )
    expect(() =>
      loadConfig({
        ...production,
        VAPID_PUBLIC_KEY: developmentVapidKeys.publicKey,
        VAPID_PRIVATE_KEY: developmentVapidKeys.privateKey,
        VAPID_SUBJECT: developmentVapidKeys.subject,
      }),
    ).toThrow(ConfigError)
  })

  it('names a key that is missing or malformed', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(/set together/)
    expect(() => loadConfig({ ...keys, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/)
    expect(() => loadConfig({ ...keys, VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT/)
  })
})
