/**
 * What the diagnosis page shows when there is no report: preparing a visitor's device, the input messages, no
 * results, failure with a retry, and the four quota states with their way forward; and the attempts line of a
 * network whose visitors used their allowance. Messages are the specification's sentences (spec §5, §8), translated
 * by error code: the page loads this module with the error messages (`errors`), once it has a state to show (ADR 0011).
 */

import { __iconData as circleExclamationPointShape } from 'lucide-react/icons/circle-exclamation-point'
import { __iconData as lockShape } from 'lucide-react/icons/lock'
import { __iconData as searchXShape } from 'lucide-react/icons/search-x'
import { useEffect } from 'react'
import { Link, useLocation, useRevalidator } from 'react-router'
import { api } from '#app/api/api-client.ts'
import { buttonClassName } from '#app/components/button.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { loginHref } from '#app/features/account/account-menu.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { DiagnosingSkeleton } from './diagnosing-skeleton.tsx'
import { type DiagnosisPageState, quotaActionOf } from './diagnosis-state.ts'

const CircleAlert = outlineIcon(circleExclamationPointShape)
const Lock = outlineIcon(lockShape)
const SearchX = outlineIcon(searchXShape)

/**
 * Visitors are counted on a device cookie. A browser's first page request is given one with its report
 * (diagnosis-page.server.ts); a crawler's is not, and when it runs scripts the page asks the API (which sets it)
 * for the attempts left, then loads the diagnosis again.
 */
export function PreparingDevice() {
  const { t } = useTranslation(['stocks', 'stock-diagnosis'], { nsMode: 'fallback' })
  const revalidator = useRevalidator()
  useEffect(() => {
    let isCancelled = false
    api
      .get('/member/quota', { kind: 'diagnosis' })
      .catch(() => undefined)
      .finally(() => {
        if (!isCancelled) void revalidator.revalidate()
      })
    return () => {
      isCancelled = true
    }
  }, [revalidator.revalidate])
  return (
    <div className="flex flex-col gap-3">
      <DiagnosingSkeleton />
      <noscript>
        <p className="text-sm text-ink-800">{t('states.needsScript')}</p>
      </noscript>
    </div>
  )
}

/**
 * The attempts line when a visitor's network has used its visitor allowance: "0 left today" would be wrong for
 * someone who used nothing, so the line says why (many people share the connection) and offers the login instead.
 */
export function NetworkLimitLine() {
  const { t } = useTranslation(['stocks', 'errors'])
  const location = useLocation()
  return (
    <p className="text-sm text-ink-800" data-testid="attempts-left">
      {t('errors:DIAGNOSIS_LIMIT_NETWORK')}{' '}
      <Link
        to={loginHref(location.pathname, location.search)}
        className="font-medium text-brand-700 underline"
      >
        {t('stocks:quota.login')}
      </Link>
    </p>
  )
}

function StatePanel({
  icon,
  message,
  detail,
  action,
  testId,
}: {
  icon: React.ReactNode
  message: string
  detail?: string | undefined
  action?: React.ReactNode
  testId: string
}) {
  return (
    <div
      role="alert"
      data-testid={testId}
      className="flex flex-col items-center gap-3 rounded-card border border-dashed border-ink-300 bg-white px-6 py-10 text-center"
    >
      {icon}
      <p className="text-base font-semibold text-ink-900">{message}</p>
      {detail ? <p className="max-w-md text-sm text-ink-700">{detail}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  )
}

export function DiagnosisStateView({
  state,
}: {
  state: Exclude<DiagnosisPageState, { kind: 'result' | 'idle' }>
}) {
  const { t } = useTranslation(['stocks', 'errors', 'common'])
  const location = useLocation()
  const iconClass = 'size-8 text-ink-500'
  switch (state.kind) {
    case 'preparing':
      return <PreparingDevice />
    case 'invalid':
      return (
        <StatePanel
          testId="state-invalid"
          icon={<CircleAlert className={iconClass} aria-hidden="true" />}
          message={t(`errors:${state.code}`)}
          detail={t('stock-diagnosis:states.invalidHint')}
        />
      )
    case 'not-found':
      return (
        <StatePanel
          testId="state-not-found"
          icon={<SearchX className={iconClass} aria-hidden="true" />}
          message={t('errors:STOCK_NOT_FOUND')}
          detail={t('stock-diagnosis:states.notFoundHint')}
        />
      )
    case 'failed':
      return (
        <StatePanel
          testId="state-failed"
          icon={<CircleAlert className="size-8 text-loss" aria-hidden="true" />}
          message={t('errors:DIAGNOSIS_FAILED')}
          action={
            <Link
              to={`${location.pathname}${location.search}`}
              replace
              className={buttonClassName('primary')}
              data-testid="retry-diagnosis"
            >
              {t('common:actions.retry')}
            </Link>
          }
        />
      )
    case 'limited': {
      const action = quotaActionOf(state.code, location)
      return (
        <StatePanel
          testId="state-limited"
          icon={<Lock className={iconClass} aria-hidden="true" />}
          message={t(`errors:${state.code}`)}
          action={
            action ? (
              <Link to={action.href} className={buttonClassName('primary')}>
                {t(`stocks:${action.labelKey}`)}
              </Link>
            ) : undefined
          }
        />
      )
    }
  }
}
