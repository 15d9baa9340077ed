/**
 * Asks before something the reader cannot undo (logout, deleting a conversation): confirm or cancel. The alert
 * dialog (confirm-dialog-modal.tsx, on Radix) is fetched the first time one opens (ADR 0011).
 */
import { lazy, Suspense } from 'react'
import { onDemand, useHasOpened } from './on-demand.ts'

export interface ConfirmDialogProps {
  isOpen: boolean
  onOpenChange(isOpen: boolean): void
  title: string
  description: string
  confirmLabel?: string
  isDanger?: boolean
  onConfirm(): void
}

const confirmDialogModal = onDemand(() => import('./confirm-dialog-modal.tsx'))
const ConfirmDialogModal = lazy(() =>
  confirmDialogModal.load().then((module) => ({ default: module.ConfirmDialogModal })),
)

/** Fetches the confirmation's code ahead of a likely open (a pointer over or a focus on the button that opens it). */
export const preloadConfirmDialog = confirmDialogModal.preload

export function ConfirmDialog(props: ConfirmDialogProps) {
  const hasOpened = useHasOpened(props.isOpen)
  if (!hasOpened) return null
  return (
    <Suspense fallback={null}>
      <ConfirmDialogModal {...props} />
    </Suspense>
  )
}
