import { clsx } from 'clsx'
import { forwardRef, type InputHTMLAttributes, useId } from 'react'

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  /** Translated error message; shown under the field and announced. */
  error?: string | undefined
  hint?: string | undefined
  isLabelHidden?: boolean
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, isLabelHidden = false, className, id, ...rest },
  ref,
) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const messageId = `${inputId}-message`
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <label
        htmlFor={inputId}
        className={clsx('text-sm font-medium text-ink-800', isLabelHidden && 'sr-only')}
      >
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className={clsx(
          'h-10 w-full rounded-lg border bg-white px-3 text-sm text-ink-900 placeholder:text-ink-500',
          error ? 'border-loss' : 'border-ink-300 focus:border-brand-600',
        )}
        {...rest}
      />
      {error ? (
        <p id={messageId} role="alert" className="text-sm text-loss">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-ink-500">
          {hint}
        </p>
      ) : null}
    </div>
  )
})
