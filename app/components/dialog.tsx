/**
 * Modal dialog (focus trap, Escape, aria wiring; the modal itself is dialog-modal.tsx, on Radix). A closed dialog
 * draws nothing, so its code is fetched the first time it opens rather than with every page (ADR 0011).
 */
import { lazy, type ReactNode, Suspense } from 'react'
import { onDemand, useHasOpened } from './on-demand.ts'

export interface DialogProps {
  isOpen: boolean
  onOpenChange(isOpen: boolean): void
  title: string
  description?: string
  children?: ReactNode
  footer?: ReactNode
  size?: 'sm' | 'md' | 'lg'
}

const dialogModal = onDemand(() => import('./dialog-modal.tsx'))
const DialogModal = lazy(() => dialogModal.load().then((module) => ({ default: module.DialogModal })))

/** Fetches the dialog's code ahead of a likely open (a pointer over or a focus on the button that opens it). */
export const preloadDialog = dialogModal.preload

export function Dialog(props: DialogProps) {
  const hasOpened = useHasOpened(props.isOpen)
  if (!hasOpened) return null
  return (
    <Suspense fallback={null}>
      <DialogModal {...props} />
    </Suspense>
  )
}
