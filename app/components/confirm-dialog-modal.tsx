/** The confirmation itself, on Radix's alert dialog. Loaded by confirm-dialog.tsx when one first opens. */
import { AlertDialog } from 'radix-ui'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { buttonClassName } from './button.tsx'
import type { ConfirmDialogProps } from './confirm-dialog.tsx'

export function ConfirmDialogModal({
  isOpen,
  onOpenChange,
  title,
  description,
  confirmLabel,
  isDanger,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation()
  return (
    <AlertDialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-ink-950/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-card bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-ink-950">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-ink-700">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={buttonClassName('secondary')}>
              {t('actions.cancel')}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClassName(isDanger ? 'danger' : 'primary')}
              onClick={onConfirm}
            >
              {confirmLabel ?? t('actions.confirm')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
