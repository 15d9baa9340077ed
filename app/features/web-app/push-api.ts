/** The browser's calls of the push API (contracts/push.ts), through the shared client. */
import { api, dataOf } from '#app/api/api-client.ts'
import type { PushDeviceAnswer } from '#contracts/push-rules.ts'

export interface BrowserSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
  expirationTime?: number | null
}

export async function subscribeDevice(subscription: BrowserSubscription): Promise<PushDeviceAnswer> {
  return dataOf(await api.post<PushDeviceAnswer>('/push/subscribe', subscription))
}

export async function unsubscribeDevice(endpoint: string): Promise<PushDeviceAnswer> {
  return dataOf(await api.post<PushDeviceAnswer>('/push/unsubscribe', { endpoint }))
}

export async function checkDevice(endpoint: string): Promise<PushDeviceAnswer> {
  return dataOf(await api.post<PushDeviceAnswer>('/push/device', { endpoint }))
}
