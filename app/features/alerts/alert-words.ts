/**
 * What an alert and a notification say, in the reader's language: the condition of an alert (its kind and level) and
 * the reason sentence of a notification, from the `alerts` catalog. Numbers are formatted for the display locale.
 */
import type { TFunction } from '#app/i18n/i18n.ts'
import type { AlertItem, NotificationItem } from '#contracts/alert-rules.ts'

const percent = (locale: string, value: number) =>
  new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(value)
const number = (locale: string, value: number) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)

export function thresholdText(
  alert: Pick<AlertItem, 'kind' | 'threshold'>,
  displayLocale: string,
  t: TFunction,
): string {
  if (alert.threshold === null) return ''
  if (alert.kind === 'dayMove') return `±${percent(displayLocale, alert.threshold).replace(/^\+/, '')}`
  if (alert.kind === 'scoreChange')
    return `${number(displayLocale, alert.threshold)} ${t('alerts:units.points')}`
  return number(displayLocale, alert.threshold)
}

export function conditionText(
  alert: Pick<AlertItem, 'kind' | 'threshold'>,
  displayLocale: string,
  t: TFunction,
) {
  const level = thresholdText(alert, displayLocale, t)
  return level ? `${t(`alerts:kinds.${alert.kind}`)} ${level}` : t(`alerts:kinds.${alert.kind}`)
}

function valueWord(value: unknown, t: TFunction): string {
  if (typeof value !== 'string') return value === undefined || value === null ? '' : String(value)
  const key = `alerts:values.${value}`
  const word = t(key)
  return word === key || word === `values.${value}` ? value : word
}

/** A notice's article title in the reader's language, else the other's. */
function titleOf(details: NotificationItem['details'], displayLocale: string): string {
  const own = displayLocale.startsWith('zh') ? details.titleZh : details.titleEn
  return String(own || details.titleEn || details.titleZh || '')
}

function dayText(value: unknown, displayLocale: string, timeZone: string | undefined): string {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return ''
  return new Intl.DateTimeFormat(displayLocale, {
    dateStyle: 'long',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(value))
}

export function reasonText(
  item: NotificationItem,
  displayLocale: string,
  t: TFunction,
  timeZone?: string,
): string {
  const d = item.details
  const stock = item.code ?? ''
  const num = (value: unknown) => (typeof value === 'number' ? number(displayLocale, value) : '')
  return t(`alerts:reasons.${item.kind}`, {
    stock,
    title: titleOf(d, displayLocale),
    screen: typeof d.screen === 'string' ? d.screen : '',
    plan: typeof d.tier === 'string' ? t(`plans:subscribe.tiers.${d.tier}`) : '',
    date: dayText(d.on, displayLocale, timeZone),
    price: num(d.price),
    threshold:
      typeof d.threshold === 'number'
        ? thresholdText({ kind: item.kind as AlertItem['kind'], threshold: d.threshold }, displayLocale, t)
        : '',
    move: typeof d.move === 'number' ? percent(displayLocale, d.move) : '',
    level: num(d.level),
    from: item.kind === 'scoreChange' ? num(Number(d.from)) : valueWord(d.from, t),
    to: item.kind === 'scoreChange' ? num(Number(d.to)) : valueWord(d.to, t),
    interpolation: { escapeValue: false },
  })
}
