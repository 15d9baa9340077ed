import { clsx } from 'clsx'
import type { HTMLAttributes } from 'react'

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={clsx('rounded-card border border-ink-100 bg-white p-5 shadow-sm', className)} {...rest} />
  )
}
