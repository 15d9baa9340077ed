import { clsx } from 'clsx'
import { type InputHTMLAttributes, type ReactNode, useId } from 'react'

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode
  error?: string | undefined
}

export function Checkbox({ label, error, className, id, ...rest }: CheckboxProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-2">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          // 24 px: the smallest target a finger can be asked to hit (WCAG 2.5.8).
          className="size-6 shrink-0 rounded border-ink-300 accent-brand-600"
          {...rest}
        />
        <label htmlFor={inputId} className="pt-0.5 text-sm text-ink-800">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-loss">
          {error}
        </p>
      ) : null}
    </div>
  )
}
