/** The alerts and notification centre's calls (contracts/alerts.ts), through the shared client. */
import { api, dataOf } from '#app/api/api-client.ts'
import type {
  AlertItem,
  AlertKind,
  AlertsAnswer,
  NotificationChannel,
  NotificationKind,
  NotificationSettingsAnswer,
  NotificationsAnswer,
  UnreadAnswer,
} from '#contracts/alert-rules.ts'
import type { Market } from '#contracts/regions.ts'

export async function fetchAlerts(): Promise<AlertsAnswer> {
  return dataOf(await api.get<AlertsAnswer>('/alert/list'))
}

export async function createAlert(request: {
  market: Market
  code: string
  kind: AlertKind
  threshold?: number | undefined
}): Promise<AlertItem> {
  return dataOf(await api.post<AlertItem>('/alert/create', request))
}

export async function updateAlert(request: {
  alertId: string
  threshold?: number | undefined
  isPaused?: boolean | undefined
}): Promise<AlertItem> {
  return dataOf(await api.post<AlertItem>('/alert/update', request))
}

export async function deleteAlert(alertId: string): Promise<void> {
  dataOf(await api.delete<{ deleted: true }>('/alert/delete', { alertId }))
}

export async function setFollowedChanges(enabled: boolean): Promise<{ followedChanges: boolean }> {
  return dataOf(await api.post<{ followedChanges: boolean }>('/alert/followed', { enabled }))
}

export async function setHeldChanges(enabled: boolean): Promise<{ heldChanges: boolean }> {
  return dataOf(await api.post<{ heldChanges: boolean }>('/alert/held', { enabled }))
}

export async function setScreenAlert(
  screenId: string,
  enabled: boolean,
): Promise<{ screenId: string; enabled: boolean }> {
  return dataOf(
    await api.post<{ screenId: string; enabled: boolean }>('/alert/screen', { screenId, enabled }),
  )
}

export async function fetchNotifications(before?: string): Promise<NotificationsAnswer> {
  return dataOf(await api.get<NotificationsAnswer>('/notification/list', before ? { before } : {}))
}

export async function markNotificationRead(notificationId: string): Promise<UnreadAnswer> {
  return dataOf(await api.post<UnreadAnswer>('/notification/read', { notificationId }))
}

export async function markAllNotificationsRead(): Promise<UnreadAnswer> {
  return dataOf(await api.post<UnreadAnswer>('/notification/readAll', {}))
}

export async function changeNotificationSetting(setting: {
  kind: NotificationKind
  channel: NotificationChannel
  enabled: boolean
}): Promise<NotificationSettingsAnswer> {
  return dataOf(await api.post<NotificationSettingsAnswer>('/notification/settings', setting))
}
