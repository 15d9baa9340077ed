/**
 * The account page's "Notifications on this device" (issue 26, ADR 0044): one switch that subscribes this browser
 * to push with the site's key and ties the subscription to the member, or unties and drops it. Only the device's
 * subscription is decided here; which kinds of notice a member wants is the notification settings' business.
 * Until the page is hydrated, and where the browser cannot receive push, the switch is off and explains why.
 */
import { useEffect, useId, useState } from 'react'
import { Card } from '#app/components/card.tsx'
import { toast } from '#app/components/toaster.tsx'
import { useErrorMessage } from '#app/features/billing/plan-changes.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { BrowserSubscription } from './push-api.ts'
import { checkDevice, subscribeDevice, unsubscribeDevice } from './push-api.ts'
import { serviceWorkerPath } from './service-worker-registration.ts'

type DeviceState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on'

function canReceivePush(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

function sameKey(given: ArrayBuffer | null | undefined, publicKey: string): boolean {
  if (!given) return false
  const expected = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
    c.charCodeAt(0),
  )
  const actual = new Uint8Array(given)
  return actual.length === expected.length && actual.every((byte, index) => byte === expected[index])
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/')
  return (await registration?.pushManager.getSubscription()) ?? null
}

async function subscribeBrowser(publicKey: string): Promise<BrowserSubscription> {
  await navigator.serviceWorker.register(serviceWorkerPath, { scope: '/' })
  const registration = await navigator.serviceWorker.ready
  let subscription = await registration.pushManager.getSubscription()
  // A subscription made with another key (the site changed keys) cannot take this site's messages.
  if (subscription && !sameKey(subscription.options.applicationServerKey, publicKey)) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: publicKey,
  })
  return subscription.toJSON() as BrowserSubscription
}

export function DeviceNotifications({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation('web-app')
  const errorMessage = useErrorMessage()
  const switchId = useId()
  const [state, setState] = useState<DeviceState>('checking')
  const [isBusy, setIsBusy] = useState(false)

  useEffect(() => {
    let isCurrent = true
    const settle = (next: DeviceState) => {
      if (isCurrent) setState(next)
    }
    ;(async () => {
      if (!canReceivePush()) return settle('unsupported')
      if (Notification.permission === 'denied') return settle('denied')
      const subscription = await currentSubscription()
      if (!subscription) return settle('off')
      settle((await checkDevice(subscription.endpoint)).subscribed ? 'on' : 'off')
    })().catch(() => settle('off'))
    return () => {
      isCurrent = false
    }
  }, [])

  async function turnOn() {
    if ((await Notification.requestPermission()) !== 'granted') {
      setState(Notification.permission === 'denied' ? 'denied' : 'off')
      return
    }
    let subscription: BrowserSubscription
    try {
      subscription = await subscribeBrowser(publicKey)
    } catch {
      toast.error(t('device.failed'))
      return
    }
    await subscribeDevice(subscription)
    setState('on')
    toast.success(t('device.turnedOn'))
  }

  async function turnOff() {
    const subscription = await currentSubscription()
    if (subscription) {
      await unsubscribeDevice(subscription.endpoint)
      await subscription.unsubscribe()
    }
    setState('off')
    toast.success(t('device.turnedOff'))
  }

  async function toggle(wanted: boolean) {
    setIsBusy(true)
    try {
      await (wanted ? turnOn() : turnOff())
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setIsBusy(false)
    }
  }

  const isOn = state === 'on'
  const note =
    state === 'unsupported'
      ? t('device.unsupported')
      : state === 'denied'
        ? t('device.denied')
        : state === 'checking'
          ? null
          : t(isOn ? 'device.on' : 'device.off')
  return (
    <Card className="flex flex-col gap-3" data-testid="device-notifications">
      <h2 className="text-lg font-semibold text-ink-950">{t('device.title')}</h2>
      <p className="text-sm text-ink-800">{t('device.text')}</p>
      <div className="flex items-center gap-3">
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          checked={isOn}
          aria-checked={isOn}
          aria-describedby={`${switchId}-note`}
          disabled={isBusy || state === 'checking' || state === 'unsupported'}
          onChange={(event) => void toggle(event.target.checked)}
          // 24 px: the smallest target a finger can be asked to hit (WCAG 2.5.8).
          className="size-6 shrink-0 rounded border-ink-300 accent-brand-600"
        />
        <label htmlFor={switchId} className="text-sm font-medium text-ink-900">
          {t('device.switch')}
        </label>
      </div>
      <p id={`${switchId}-note`} className="text-sm text-ink-700" role="status">
        {note}
      </p>
    </Card>
  )
}
