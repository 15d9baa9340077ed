/**
 * The diagnosis page while a diagnosis is on its way: the report's outline. Its own module because the page draws it
 * with its first paint, while the states' panels (diagnosis-states.tsx) come with their words later (ADR 0011).
 */

import { Skeleton } from '#app/components/skeleton.tsx'
import { Spinner } from '#app/components/spinner.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'

export function DiagnosingSkeleton() {
  const { t } = useTranslation(['stocks', 'stock-diagnosis'], { nsMode: 'fallback' })
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
