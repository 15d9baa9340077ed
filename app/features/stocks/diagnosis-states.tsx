/**
 * What the diagnosis page shows when there is no report: diagnosing (skeleton), preparing a visitor's device,
 * the input messages, no results, failure with a retry, and the four quota states with their way forward.
 * Messages are the specification's sentences (spec §5, §8), translated by error code.
 */
import { CircleAlert, Lock, SearchX } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useRevalidator } from 'react-router'
import { api } from '#app/api/api-client.ts'
import { buttonClassName } from '#app/components/button.tsx'
import { Skeleton } from '#app/components/skeleton.tsx'
import { Spinner } from '#app/components/spinner.tsx'
import { type DiagnosisPageState, quotaActionOf } from './diagnosis-state.ts'

export function DiagnosingSkeleton() {
  const { t } = useTranslation('stocks')
  return (
    <div className="flex flex-col gap-4" data-testid="diagnosing">
      <Spinner label={t('states.diagnosing')} />
      <div className="grid gap-3 rounded-card border border-ink-100 bg-white p-5">
        <Skeleton className="h-7 w-1/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
          <Skeleton key={k} className="h-20" />
        ))}
      </div>
      <Skeleton className="h-72" />
    </div>
  )
}

/**
 * Visitors are counted on a device cookie. A browser's first page request is given one with its report
 * (diagnosis-page.server.ts); a crawler's is not, and when it runs scripts the page asks the API (which sets it)
 * for the attempts left, then loads the diagnosis again.
 */
export function PreparingDevice() {
  const { t } = useTranslation('stocks')
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
          detail={t('stocks:states.invalidHint')}
        />
      )
    case 'not-found':
      return (
        <StatePanel
          testId="state-not-found"
          icon={<SearchX className={iconClass} aria-hidden="true" />}
          message={t('errors:STOCK_NOT_FOUND')}
          detail={t('stocks:states.notFoundHint')}
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
