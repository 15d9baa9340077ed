/**
 * The header's bell (issue 26): a link to the notification centre with the unread count, for logged-in members. The
 * count comes with member info (read on every navigation, like the expert notice), so the bell adds no request and
 * little code to every page; the centre itself is its own page, loaded when opened.
 */

import { __iconData as bellShape } from 'lucide-react/icons/bell'
import { Link } from 'react-router'
import { outlineIcon } from '#app/components/icons.tsx'
import { useAccount } from '#app/features/account/account-provider.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'

const Bell = outlineIcon(bellShape)

export function NotificationBell() {
  const { t } = useTranslation('shell')
  const { isLoggedIn, notificationsUnread } = useAccount()
  if (!isLoggedIn) return null
  return (
    <Link
      to="/member/notifications"
      className="relative inline-flex size-10 items-center justify-center rounded-lg text-ink-800 hover:bg-ink-100"
      aria-label={
        notificationsUnread > 0
          ? t('notifications.bellUnread', { count: notificationsUnread })
          : t('notifications.bell')
      }
      data-testid="notification-bell"
    >
      <Bell className="size-5" aria-hidden="true" />
      {notificationsUnread > 0 ? (
        <span
          className="absolute end-0.5 top-0.5 min-w-5 rounded-full bg-loss px-1 text-center text-xs leading-5 font-semibold text-white"
          data-testid="notification-count"
          aria-hidden="true"
        >
          {notificationsUnread > 99 ? '99+' : notificationsUnread}
        </span>
      ) : null}
    </Link>
  )
}
