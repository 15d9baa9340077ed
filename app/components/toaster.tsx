/**
 * Toasts: success, warning and error, each shown for 3 seconds (spec §8, §9). sonner is fetched once the page is
 * idle after hydrating, or by the first toast if that comes sooner (ADR 0011): its live region is then in place
 * before a reader's action produces a message, without sonner being part of the first paint.
 */
import { useEffect } from 'react'
import { onDemand, useOnDemand, whenIdle } from './on-demand.ts'

export const toastDurationMs = 3000

const sonner = onDemand(() => import('sonner'))

export function Toaster() {
  const module = useOnDemand(sonner)
  useEffect(() => whenIdle(sonner.preload), [])
  if (!module) return null
  const { Toaster: SonnerToaster } = module
  return <SonnerToaster position="top-center" duration={toastDurationMs} richColors closeButton={false} />
}

// A toast asked for before sonner arrived is shown when it does: the Toaster replays toasts made before it mounted.
export const toast = {
  success: (message: string) =>
    void sonner
      .load()
      .then((module) => module.toast.success(message, { duration: toastDurationMs }))
      .catch(() => undefined),
  warning: (message: string) =>
    void sonner
      .load()
      .then((module) => module.toast.warning(message, { duration: toastDurationMs }))
      .catch(() => undefined),
  error: (message: string) =>
    void sonner
      .load()
      .then((module) => module.toast.error(message, { duration: toastDurationMs }))
      .catch(() => undefined),
}
