import { clsx } from 'clsx'

export function Spinner({
  size = 'md',
  label,
  className,
}: {
  size?: 'sm' | 'md' | 'lg'
  label?: string
  className?: string
}) {
  const dimension = size === 'sm' ? 'size-4' : size === 'lg' ? 'size-8' : 'size-6'
  return (
    <span role={label ? 'status' : undefined} className={clsx('inline-flex items-center gap-2', className)}>
      <span
        aria-hidden="true"
        className={clsx(dimension, 'animate-spin rounded-full border-2 border-current border-r-transparent')}
      />
      {label ? <span className="text-sm text-ink-700">{label}</span> : null}
    </span>
  )
}
