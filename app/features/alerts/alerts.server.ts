/**
 * The alerts and notification pages' data, read in-process from their services: nothing for a visitor (the pages
 * ask them to log in).
 */
import type { RequestContext } from '#app/request-context.ts'
import type { Locale } from '#contracts/regions.ts'
import type { Reader } from '#server/kernel/reader.ts'

export async function loadAlerts(services: RequestContext['services'], reader: Reader, locale: Locale) {
  if (!reader.memberId) return null
  return services.alerts.listAlerts(reader, locale)
}

export async function loadNotificationCentre(services: RequestContext['services'], reader: Reader) {
  if (!reader.memberId) return null
  const [notifications, settings] = await Promise.all([
    services.notifications.listNotifications(reader, undefined),
    services.notifications.getSettings(reader),
  ])
  return { notifications, settings }
}

export async function loadFollowedChanges(
  services: RequestContext['services'],
  reader: Reader,
): Promise<boolean> {
  return services.alerts.hasFollowedChanges(reader)
}

export async function loadHeldChanges(
  services: RequestContext['services'],
  reader: Reader,
): Promise<boolean> {
  return services.alerts.hasHeldChanges(reader)
}
