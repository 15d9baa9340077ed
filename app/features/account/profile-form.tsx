/**
 * The account page's profile: the masked mobile number (never shown whole) and the display name the header shows
 * instead of it, at most 40 characters; saved empty, the header shows the masked number again (PATCH
 * /member/displayName). Checked here first with the API's own rule and message; the header takes the new name at once.
 */
import { type FormEvent, useState } from 'react'
import { useRevalidator } from 'react-router'
import { ApiError } from '#app/api/api-client.ts'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { toast } from '#app/components/toaster.tsx'
import { setDisplayName } from '#app/features/billing/billing-api.ts'
import { useErrorMessage } from '#app/features/billing/plan-changes.tsx'
import { ensureErrorMessages } from '#app/i18n/browser-catalogs.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { MemberInfo } from '#contracts/accounts.ts'
import { BillingErrorCode, displayNameMaxLength } from '#contracts/billing-rules.ts'
import { useAccount } from './account-provider.tsx'

/** The API's rule (contracts/billing.ts DisplayNameRequest): trimmed, at most 40 characters; empty clears it. */
export function isValidDisplayName(value: string): boolean {
  return value.trim().length <= displayNameMaxLength
}

export function ProfileForm({ member, registeredOn }: { member: MemberInfo; registeredOn: string }) {
  const { t } = useTranslation(['billing', 'errors'])
  const errorMessage = useErrorMessage()
  const revalidator = useRevalidator()
  const { refreshMemberInfo } = useAccount()
  const [name, setName] = useState(member.displayName ?? '')
  const [error, setError] = useState<string | undefined>()
  const [isSaving, setIsSaving] = useState(false)

  async function save(event: FormEvent) {
    event.preventDefault()
    if (!isValidDisplayName(name)) {
      await ensureErrorMessages()
      setError(t(`errors:${BillingErrorCode.displayNameInvalid}`))
      return
    }
    setError(undefined)
    setIsSaving(true)
    try {
      const info = await setDisplayName(name.trim())
      setName(info.displayName ?? '')
      toast.success(t('account.profile.saved'))
      refreshMemberInfo()
      void revalidator.revalidate()
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === BillingErrorCode.displayNameInvalid)
        setError(t(`errors:${BillingErrorCode.displayNameInvalid}`))
      else toast.error(errorMessage(failure))
    } finally {
      setIsSaving(false)
    }
  }

  return (
    <Card className="flex flex-col gap-4" data-testid="account-profile">
      <h2 className="text-lg font-semibold text-ink-950">{t('account.profile.title')}</h2>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-ink-700">{t('account.profile.phone')}</dt>
        <dd className="font-semibold text-ink-950" data-testid="account-phone">
          {member.maskedPhone}
        </dd>
        <dt className="text-ink-700">{t('account.profile.memberSince')}</dt>
        <dd className="font-semibold text-ink-950">{registeredOn}</dd>
      </dl>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(event) => void save(event)}
        noValidate
      >
        <TextField
          className="sm:flex-1"
          label={t('account.profile.displayName')}
          hint={t('account.profile.displayNameHint')}
          error={error}
          value={name}
          maxLength={displayNameMaxLength}
          autoComplete="nickname"
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" isLoading={isSaving} className="sm:mt-6">
          {t('account.profile.save')}
        </Button>
      </form>
    </Card>
  )
}
