/**
 * /member/notifications (issue 26): the notification centre — what the member's alerts told them, newest first, with
 * the reason, the time in the region's time zone and a link to the stock; read one, read all; and how they want to be
 * told of each kind (in the site always; email to a verified address; push to the devices the member turned on).
 */
import { clsx } from 'clsx'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '#app/components/button.tsx'
import { EmptyState } from '#app/components/empty-state.tsx'
import { toast } from '#app/components/toaster.tsx'
import { useAccount } from '#app/features/account/account-provider.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import {
  isTransactionalNotice,
  type NotificationChannel,
  type NotificationItem,
  type NotificationKind,
  type NotificationSettingsAnswer,
  type NotificationsAnswer,
  notificationChannels,
  notificationKinds,
} from '#contracts/alert-rules.ts'
import { reasonText } from './alert-words.ts'
import {
  changeNotificationSetting,
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './alerts-api.ts'
import { useAlertFailure } from './use-alert-failure.ts'

export function NotificationCentre({
  initial,
  settings,
  displayLocale,
  timeZone,
}: {
  initial: NotificationsAnswer
  settings: NotificationSettingsAnswer
  displayLocale: string
  timeZone: string
}) {
  const { t } = useTranslation('alerts')
  const failure = useAlertFailure()
  const { setNotificationsUnread } = useAccount()
  const [items, setItems] = useState(initial.items)
  const [unread, setUnread] = useState(initial.unread)
  const [hasMore, setHasMore] = useState(initial.hasMore)
  const [isBusy, setIsBusy] = useState(false)

  function counted(next: number) {
    setUnread(next)
    setNotificationsUnread(next)
  }

  async function onRead(item: NotificationItem) {
    try {
      const answer = await markNotificationRead(item.id)
      const now = new Date().toISOString()
      setItems((current) => current.map((i) => (i.id === item.id ? { ...i, readAt: i.readAt ?? now } : i)))
      counted(answer.unread)
    } catch (error) {
      toast.error(failure(error))
    }
  }

  async function onReadAll() {
    setIsBusy(true)
    try {
      const answer = await markAllNotificationsRead()
      const now = new Date().toISOString()
      setItems((current) => current.map((i) => ({ ...i, readAt: i.readAt ?? now })))
      counted(answer.unread)
    } catch (error) {
      toast.error(failure(error))
    } finally {
      setIsBusy(false)
    }
  }

  async function onMore() {
    const last = items.at(-1)
    if (!last) return
    setIsBusy(true)
    try {
      const answer = await fetchNotifications(last.createdAt)
      setItems((current) => [...current, ...answer.items])
      setHasMore(answer.hasMore)
    } catch (error) {
      toast.error(failure(error))
    } finally {
      setIsBusy(false)
    }
  }

  const timeOf = (iso: string) =>
    new Intl.DateTimeFormat(displayLocale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      new Date(iso),
    )

  return (
    <div className="flex flex-col gap-8">
      <section className="flex flex-col gap-3" aria-label={t('centre.title')}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-ink-700" data-testid="notifications-unread">
            {t('centre.unread')}: {unread}
          </p>
          <Button
            size="sm"
            variant="secondary"
            disabled={unread === 0}
            isLoading={isBusy}
            onClick={() => void onReadAll()}
          >
            {t('centre.markAllRead')}
          </Button>
        </div>
        {items.length === 0 ? (
          <EmptyState title={t('centre.empty')} />
        ) : (
          <ul className="flex flex-col divide-y divide-ink-100 rounded-lg border border-ink-100 bg-white">
            {items.map((item) => (
              <li
                key={item.id}
                className={clsx(
                  'flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between',
                  !item.readAt && 'bg-brand-600/5',
                )}
                data-testid="notification-row"
                data-kind={item.kind}
                data-read={item.readAt ? 'true' : 'false'}
              >
                <div className="flex flex-col gap-1">
                  <p className={clsx('text-sm text-ink-950', !item.readAt && 'font-semibold')}>
                    {reasonText(item, displayLocale, t, timeZone)}
                  </p>
                  <p className="text-xs text-ink-700">
                    <time dateTime={item.createdAt}>{timeOf(item.createdAt)}</time> ·{' '}
                    <Link to={item.link} className="text-brand-700 underline">
                      {t(openLabelOf(item.kind))}
                    </Link>
                  </p>
                </div>
                {item.readAt ? null : (
                  <Button size="sm" variant="ghost" onClick={() => void onRead(item)}>
                    {t('centre.markRead')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {hasMore ? (
          <Button variant="secondary" size="sm" isLoading={isBusy} onClick={() => void onMore()}>
            {t('centre.loadMore')}
          </Button>
        ) : null}
      </section>
      <NotificationSettingsTable initial={settings} />
    </div>
  )
}

/** What the link of a notification opens: the article, the account page, or (alerts) the stock. */
function openLabelOf(kind: NotificationKind): string {
  if (kind === 'newArticle') return 'centre.openArticle'
  if (isTransactionalNotice(kind)) return 'centre.openAccount'
  return 'centre.open'
}

function NotificationSettingsTable({ initial }: { initial: NotificationSettingsAnswer }) {
  const { t } = useTranslation('alerts')
  const failure = useAlertFailure()
  const [answer, setAnswer] = useState(initial)
  async function onChange(kind: NotificationKind, channel: NotificationChannel, enabled: boolean) {
    try {
      setAnswer(await changeNotificationSetting({ kind, channel, enabled }))
    } catch (error) {
      toast.error(failure(error))
    }
  }
  return (
    <section className="flex flex-col gap-3" aria-labelledby="notification-settings">
      <h2 id="notification-settings" className="text-xl font-semibold text-ink-950">
        {t('centre.settingsTitle')}
      </h2>
      <p className="text-sm text-ink-700">{t('centre.settingsIntro')}</p>
      {answer.hasVerifiedEmail ? null : <p className="text-sm text-ink-700">{t('centre.noVerifiedEmail')}</p>}
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm">
          <thead>
            <tr className="text-start text-ink-700">
              <th scope="col" className="p-2 text-start font-medium">
                {t('centre.kind')}
              </th>
              {notificationChannels.map((channel) => (
                <th key={channel} scope="col" className="p-2 text-center font-medium">
                  {t(`centre.channels.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            {notificationKinds.map((kind) => (
              <tr key={kind}>
                <th scope="row" className="p-2 text-start font-normal text-ink-900">
                  {t(`kinds.${kind}`)}
                </th>
                {notificationChannels.map((channel) => (
                  <td key={channel} className="p-2 text-center">
                    <input
                      type="checkbox"
                      className="size-6 accent-brand-600"
                      aria-label={`${t(`kinds.${kind}`)} — ${t(`centre.channels.${channel}`)}`}
                      checked={answer.settings[kind][channel]}
                      disabled={channel === 'inApp' || (channel === 'email' && isTransactionalNotice(kind))}
                      title={
                        channel === 'email' && isTransactionalNotice(kind)
                          ? t('centre.alwaysMailed')
                          : undefined
                      }
                      onChange={(event) => void onChange(kind, channel, event.currentTarget.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-ink-700">{t('centre.alwaysMailed')}</p>
    </section>
  )
}
