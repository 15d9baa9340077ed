/** Toasts: success, warning and error, each shown for 3 seconds (spec §8, §9). */
import { Toaster as SonnerToaster, toast as sonnerToast } from 'sonner'

export const toastDurationMs = 3000

export function Toaster() {
  return <SonnerToaster position="top-center" duration={toastDurationMs} richColors closeButton={false} />
}

export const toast = {
  success: (message: string) => sonnerToast.success(message, { duration: toastDurationMs }),
  warning: (message: string) => sonnerToast.warning(message, { duration: toastDurationMs }),
  error: (message: string) => sonnerToast.error(message, { duration: toastDurationMs }),
}
