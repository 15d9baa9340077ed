/**
 * Requests of the alerts and notifications API (issue 26, ADR 0041); the answers, limits and codes are in
 * alert-rules.ts (the zod-free half the pages import). Logged-in readers only (a visitor: 401; another's alert: 404).
 *
 *   GET    /alert/list                                        → AlertsAnswer
 *   POST   /alert/create   { market, code, kind, threshold? } → AlertItem
 *   POST   /alert/update   { alertId, threshold?, isPaused? } → AlertItem
 *   DELETE /alert/delete?alertId=                             → { deleted: true }
 *   POST   /alert/followed { enabled }                        → { followedChanges }
 *   POST   /alert/held     { enabled }                        → { heldChanges }
 *   POST   /alert/screen   { screenId, enabled }              → { screenId, enabled } (a saved screen's alert)
 *   GET    /notification/list?before=                         → NotificationsAnswer (newest first)
 *   GET    /notification/unread                               → UnreadAnswer
 *   POST   /notification/read      { notificationId }         → UnreadAnswer
 *   POST   /notification/readAll                              → UnreadAnswer
 *   GET    /notification/settings                             → NotificationSettingsAnswer
 *   POST   /notification/settings  { kind, channel, enabled } → NotificationSettingsAnswer
 */
import { z } from 'zod'
import { AlertErrorCode, alertKinds, notificationChannels, notificationKinds } from './alert-rules.ts'
import { CommonErrorCode } from './error-codes.ts'
import { StockMarket } from './stocks.ts'

export * from './alert-rules.ts'

const AlertId = z.uuid(AlertErrorCode.notFound)

const StockCode = z
  .string(AlertErrorCode.stockInvalid)
  .trim()
  .regex(/^[A-Za-z0-9.-]{1,12}$/, AlertErrorCode.stockInvalid)
  .transform((code) => code.toUpperCase())

const Market = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z.enum(StockMarket.options, { error: AlertErrorCode.stockInvalid }),
)

const Threshold = z.preprocess(
  (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
  z
    .number(AlertErrorCode.thresholdInvalid)
    .finite(AlertErrorCode.thresholdInvalid)
    .positive(AlertErrorCode.thresholdInvalid)
    .max(1e9, AlertErrorCode.thresholdInvalid)
    .optional(),
)

export const CreateAlertRequest = z.object({
  market: Market,
  code: StockCode,
  kind: z.enum(alertKinds, { error: AlertErrorCode.kindInvalid }),
  threshold: Threshold,
})
export type CreateAlertRequest = z.infer<typeof CreateAlertRequest>

export const UpdateAlertRequest = z.object({
  alertId: AlertId,
  threshold: Threshold,
  isPaused: z.boolean(AlertErrorCode.thresholdInvalid).optional(),
})
export type UpdateAlertRequest = z.infer<typeof UpdateAlertRequest>

export const AlertIdQuery = z.object({ alertId: AlertId })

export const FollowedChangesRequest = z.object({ enabled: z.boolean(AlertErrorCode.settingInvalid) })

export const ScreenAlertRequest = z.object({
  screenId: z.uuid(AlertErrorCode.screenNotFound),
  enabled: z.boolean(AlertErrorCode.settingInvalid),
})
export type ScreenAlertRequest = z.infer<typeof ScreenAlertRequest>

export const NotificationListQuery = z.object({
  before: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.iso.datetime({ offset: true, error: CommonErrorCode.validationFailed }).optional(),
  ),
})

export const NotificationIdRequest = z.object({ notificationId: z.uuid(AlertErrorCode.notificationNotFound) })

export const NotificationSettingRequest = z.object({
  kind: z.enum(notificationKinds, { error: AlertErrorCode.settingInvalid }),
  channel: z.enum(notificationChannels, { error: AlertErrorCode.settingInvalid }),
  enabled: z.boolean(AlertErrorCode.settingInvalid),
})
