import type { ReactNode } from 'react'

export function EmptyState({
  title,
  description,
  action,
}: {
  title: string
  description?: string
  action?: ReactNode
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-ink-300 bg-white px-6 py-12 text-center">
      <p className="text-base font-semibold text-ink-900">{title}</p>
      {description ? <p className="max-w-md text-sm text-ink-700">{description}</p> : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  )
}
