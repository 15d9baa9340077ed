/**
 * Why the last question got no answer, in the page's language: a quota state with its way forward (spec §4, §8:
 * visitor → log in, member → subscribe, subscriber → upgrade — also at a daily limit a higher plan lifts —, the top
 * plan's daily limit → come back tomorrow), a
 * per-address rate limit with its wait, or any other failure code.
 */

import { __iconData as circleExclamationPointShape } from 'lucide-react/icons/circle-exclamation-point'
import { __iconData as lockShape } from 'lucide-react/icons/lock'
import { Link, useLocation } from 'react-router'
import { rateLimitedMessage } from '#app/api/rate-limit-message.ts'
import { buttonClassName } from '#app/components/button.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { loginHref } from '#app/features/account/account-menu.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { chatQuotaActionOf, isChatLimitCode } from './chat-format.ts'

const CircleAlert = outlineIcon(circleExclamationPointShape)
const Lock = outlineIcon(lockShape)

export function ChatFailureNotice({
  code,
  retryAfterSeconds,
}: {
  code: string
  retryAfterSeconds: number | null
}) {
  const { t } = useTranslation(['chat', 'errors'])
  const location = useLocation()
  const isLimit = isChatLimitCode(code)
  const action = chatQuotaActionOf(code)
  const message =
    code === 'RATE_LIMITED'
      ? rateLimitedMessage(t, retryAfterSeconds)
      : t([`errors:${code}`, 'errors:INTERNAL_ERROR'])
  return (
    <div
      role="alert"
      data-testid={isLimit ? 'chat-limit' : 'chat-failure'}
      data-code={code}
      className="flex flex-col gap-3 rounded-card border border-dashed border-ink-300 bg-white px-4 py-4 sm:flex-row sm:items-center"
    >
      {isLimit ? (
        <Lock className="size-6 shrink-0 text-ink-500" aria-hidden="true" />
      ) : (
        <CircleAlert className="size-6 shrink-0 text-loss" aria-hidden="true" />
      )}
      <p className="flex-1 text-sm font-medium text-ink-900">{message}</p>
      {action ? (
        <div className="flex flex-wrap gap-2">
          {action === 'login' ? (
            <Link
              to={loginHref(location.pathname, location.search)}
              className={buttonClassName('primary', 'sm')}
            >
              {t('chat:quota.login')}
            </Link>
          ) : (
            <Link to="/subscribe" className={buttonClassName('primary', 'sm')}>
              {t(action === 'subscribe' ? 'chat:quota.subscribe' : 'chat:quota.upgrade')}
            </Link>
          )}
        </div>
      ) : null}
    </div>
  )
}
