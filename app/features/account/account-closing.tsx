/**
 * The account page's last two things, each asked for first: log out of all devices (every session ends, this one
 * too) and delete the account — what is removed (number, name, sessions, plan; a paid plan ends without a refund)
 * and what is kept (payment records, as bookkeeping law requires, without the member). Either way the page is then
 * logged out and goes home.
 */
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { Dialog, preloadDialog } from '#app/components/dialog.tsx'
import { toast } from '#app/components/toaster.tsx'
import { deleteAccount, logOutEverywhere } from '#app/features/billing/billing-api.ts'
import { useErrorMessage } from '#app/features/billing/plan-changes.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useAccount } from './account-provider.tsx'

type Closing = 'logoutAll' | 'delete'

export function AccountClosing() {
  const { t } = useTranslation('billing')
  const navigate = useNavigate()
  const errorMessage = useErrorMessage()
  const { completeLogout } = useAccount()
  const [asked, setAsked] = useState<Closing | null>(null)
  const [isOpen, setIsOpen] = useState(false)
  const [isRunning, setIsRunning] = useState(false)

  const ask = (closing: Closing) => {
    setAsked(closing)
    setIsOpen(true)
  }

  async function confirm() {
    if (!asked) return
    setIsRunning(true)
    try {
      if (asked === 'logoutAll') await logOutEverywhere()
      else await deleteAccount()
      // Leave the member's page first: logged out, its loader would send the reader to the login page.
      setIsOpen(false)
      await navigate('/')
      await completeLogout()
      toast.success(t(asked === 'logoutAll' ? 'account.security.done' : 'account.delete.done'))
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setIsRunning(false)
    }
  }

  return (
    <>
      <Card className="flex flex-col gap-3" data-testid="account-security">
        <h2 className="text-lg font-semibold text-ink-950">{t('account.security.title')}</h2>
        <p className="text-sm text-ink-800">{t('account.security.text')}</p>
        <div>
          <Button
            variant="secondary"
            onClick={() => ask('logoutAll')}
            onPointerEnter={preloadDialog}
            onFocus={preloadDialog}
          >
            {t('account.security.button')}
          </Button>
        </div>
      </Card>
      <Card className="flex flex-col gap-3 border-loss/30" data-testid="account-delete">
        <h2 className="text-lg font-semibold text-ink-950">{t('account.delete.title')}</h2>
        <p className="text-sm text-ink-800">{t('account.delete.text')}</p>
        <div>
          <Button
            variant="danger"
            onClick={() => ask('delete')}
            onPointerEnter={preloadDialog}
            onFocus={preloadDialog}
          >
            {t('account.delete.button')}
          </Button>
        </div>
      </Card>
      {asked ? (
        <Dialog
          isOpen={isOpen}
          onOpenChange={(next) => !isRunning && setIsOpen(next)}
          title={t(asked === 'logoutAll' ? 'account.security.dialogTitle' : 'account.delete.dialogTitle')}
          description={t(asked === 'logoutAll' ? 'account.security.dialogText' : 'account.delete.dialogText')}
          footer={
            <>
              <Button variant="secondary" onClick={() => setIsOpen(false)} disabled={isRunning}>
                {t('change.back')}
              </Button>
              <Button variant="danger" onClick={() => void confirm()} isLoading={isRunning}>
                {t(asked === 'logoutAll' ? 'account.security.confirm' : 'account.delete.confirm')}
              </Button>
            </>
          }
        >
          {asked === 'delete' ? (
            <div className="flex flex-col gap-2 text-sm text-ink-800">
              <p>
                <strong className="text-ink-950">{t('account.delete.removedLabel')}</strong>{' '}
                {t('account.delete.removed')}
              </p>
              <p>
                <strong className="text-ink-950">{t('account.delete.keptLabel')}</strong>{' '}
                {t('account.delete.kept')}
              </p>
            </div>
          ) : null}
        </Dialog>
      ) : null}
    </>
  )
}
