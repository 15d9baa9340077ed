/**
 * The account page's email address (issue 26): members log in by phone and give an address only to receive their
 * receipts, renewal reminders and expert answers. Adding or changing it sends a verification mail (the address is
 * used only once its link's button is pressed); it can be sent again, within limits whose wait the message names,
 * or removed. Checked here first with the API's own rule and message.
 */
import { type FormEvent, useState } from 'react'
import { ApiError } from '#app/api/api-client.ts'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { toast } from '#app/components/toaster.tsx'
import { useErrorMessage } from '#app/features/billing/plan-changes.tsx'
import { ensureErrorMessages } from '#app/i18n/browser-catalogs.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { MemberEmailErrorCode, type MemberEmailView } from '#contracts/member-email.ts'
import { removeMemberEmail, resendEmailVerification, setMemberEmail } from './email-api.ts'

/** The API's rule (contracts/member-email.ts): something@somewhere, at most 254 characters. */
function emailErrorOf(value: string): string | undefined {
  const trimmed = value.trim()
  if (trimmed === '') return MemberEmailErrorCode.empty
  if (trimmed.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) return MemberEmailErrorCode.invalid
  return undefined
}

export function EmailPanel({ initial }: { initial: MemberEmailView }) {
  const { t } = useTranslation(['account-email', 'errors'])
  const errorMessage = useErrorMessage()
  const [view, setView] = useState(initial)
  const [isEditing, setIsEditing] = useState(false)
  const [address, setAddress] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState<'save' | 'resend' | 'remove' | null>(null)

  /** A refused send names its wait; anything else is the shared error sentence. */
  function messageOf(failure: unknown): string {
    if (failure instanceof ApiError && failure.code === MemberEmailErrorCode.sendLimited) {
      const minutes = Math.max(1, Math.ceil((failure.retryAfterSeconds ?? 60) / 60))
      return t(`errors:${MemberEmailErrorCode.sendLimited}`, { count: minutes })
    }
    if (failure instanceof ApiError && failure.code === MemberEmailErrorCode.invalid)
      return t(`errors:${MemberEmailErrorCode.invalid}`)
    return errorMessage(failure)
  }

  async function run(kind: 'save' | 'resend' | 'remove', action: () => Promise<MemberEmailView>) {
    setBusy(kind)
    try {
      const next = await action()
      setView(next)
      setIsEditing(false)
      setError(undefined)
      if (kind === 'remove') toast.success(t('removed'))
      else if (next.address && !next.isVerified) toast.success(t('sent', { address: next.address }))
    } catch (failure) {
      if (kind === 'save') setError(messageOf(failure))
      else toast.error(messageOf(failure))
    } finally {
      setBusy(null)
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    const invalid = emailErrorOf(address)
    if (invalid) {
      await ensureErrorMessages()
      setError(t(`errors:${invalid}`))
      return
    }
    void run('save', () => setMemberEmail(address.trim()))
  }

  return (
    <Card className="flex flex-col gap-4" data-testid="account-email">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold text-ink-950">{t('title')}</h2>
        <p className="text-sm text-ink-700">{t('intro')}</p>
      </div>
      {view.address ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold text-ink-950" data-testid="account-email-address">
            {view.address}
          </span>
          <span data-testid="account-email-status" className={view.isVerified ? 'text-gain' : 'text-ink-700'}>
            {view.isVerified ? t('verified') : t('unverified')}
          </span>
        </p>
      ) : (
        <p className="text-sm text-ink-700">{t('none')}</p>
      )}
      {isEditing ? (
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
          onSubmit={(event) => void save(event)}
          noValidate
        >
          <TextField
            className="sm:flex-1"
            label={t('address')}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            value={address}
            error={error}
            onChange={(event) => setAddress(event.target.value)}
          />
          <div className="flex gap-2 sm:mt-6">
            <Button type="submit" isLoading={busy === 'save'}>
              {t('save')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setIsEditing(false)}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setAddress(view.address ?? '')
              setError(undefined)
              setIsEditing(true)
            }}
          >
            {view.address ? t('change') : t('add')}
          </Button>
          {view.address && !view.isVerified && (
            <Button
              type="button"
              variant="ghost"
              isLoading={busy === 'resend'}
              onClick={() => void run('resend', resendEmailVerification)}
            >
              {t('resend')}
            </Button>
          )}
          {view.address && (
            <Button
              type="button"
              variant="ghost"
              isLoading={busy === 'remove'}
              onClick={() => void run('remove', removeMemberEmail)}
            >
              {t('remove')}
            </Button>
          )}
        </div>
      )}
    </Card>
  )
}
