/**
 * Login by mobile number and SMS code (spec §2, §5, §6): country picker, number, "send code" with a visible
 * resend countdown, the code, and the agreement box. The same contract as the API checks the fields first, so
 * the spec's messages appear before anything is sent; the server's answers are shown by their codes.
 * The contract (zod and the mobile numbering plans) is fetched when the form is first focused, not with the page
 * (ADR 0011).
 */
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { ApiError } from '#app/api/api-client.ts'
import { isRateLimited, rateLimitedMessage } from '#app/api/rate-limit-message.ts'
import { Button } from '#app/components/button.tsx'
import { Checkbox } from '#app/components/checkbox.tsx'
import { onDemand } from '#app/components/on-demand.ts'
import { TextField } from '#app/components/text-field.tsx'
import { toast } from '#app/components/toaster.tsx'
import { fieldErrorsOf } from '#app/features/contact/subscribe-email.ts'
import { ensureErrorMessages } from '#app/i18n/browser-catalogs.ts'
import { Trans } from '#app/i18n/trans.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { type LoginCountry, loginCountries } from '#contracts/login-countries.ts'
import type { Region } from '#contracts/regions.ts'
import { logIn, sendLoginCode } from './account-api.ts'
import { useAccount } from './account-provider.tsx'

/** The form's rules, and the error messages for the fields they refuse, fetched when the form is first focused. */
const loginContract = onDemand(async () => {
  const [contract] = await Promise.all([import('#contracts/accounts.ts'), ensureErrorMessages()])
  return contract
})

type Field = 'mobile' | 'code' | 'agreed'
type FieldErrors = Partial<Record<Field, string>>

/** The country the picker starts on, by regional site. */
const defaultCountry: Record<Region, LoginCountry> = { en: 'US', hant: 'TW', hk: 'HK', kr: 'KR', jp: 'JP' }

/** Server codes shown under a field; any other failure is a toast. */
const fieldOfCode: Partial<Record<string, Field>> = {
  MOBILE_EMPTY: 'mobile',
  MOBILE_INVALID: 'mobile',
  VERIFICATION_CODE_DAILY_LIMIT: 'mobile',
  VERIFICATION_CODE_EMPTY: 'code',
  VERIFICATION_CODE_ERROR: 'code',
  VERIFICATION_CODE_EXPIRED: 'code',
  VERIFICATION_CODE_ATTEMPTS: 'code',
  AGREEMENT_REQUIRED: 'agreed',
}

function useSecondsUntil(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (deadline === null) return
    setNow(Date.now())
    const timer = window.setInterval(() => setNow(Date.now()), 250)
    return () => window.clearInterval(timer)
  }, [deadline])
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000))
}

export function LoginForm({ region, redirectTo }: { region: Region; redirectTo: string }) {
  const { t, i18n } = useTranslation(['account', 'errors'])
  const navigate = useNavigate()
  const { completeLogin } = useAccount()
  const countryId = useId()
  const [country, setCountry] = useState<LoginCountry>(defaultCountry[region])
  const [mobile, setMobile] = useState('')
  const [code, setCode] = useState('')
  const [agreed, setAgreed] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [isSending, setIsSending] = useState(false)
  const [isLoggingIn, setIsLoggingIn] = useState(false)
  const [resendAt, setResendAt] = useState<number | null>(null)
  const [hasSent, setHasSent] = useState(false)
  const secondsLeft = useSecondsUntil(resendAt)

  const message = (code: string) =>
    t(i18n.exists(`errors:${code}`) ? `errors:${code}` : 'errors:INTERNAL_ERROR')

  function showFailure(error: unknown) {
    const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR'
    const field = fieldOfCode[code]
    if (field) setErrors({ [field]: code })
    else if (isRateLimited(error)) toast.error(rateLimitedMessage(t, error.retryAfterSeconds))
    else toast.error(message(code))
  }

  async function onSendCode() {
    let contract: Awaited<ReturnType<typeof loginContract.load>>
    try {
      contract = await loginContract.load()
    } catch (error) {
      showFailure(error)
      return
    }
    const parsed = contract.SendCodeRequest.safeParse({ country, mobile })
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error) as FieldErrors)
      return
    }
    setErrors({})
    setIsSending(true)
    try {
      const answer = await sendLoginCode(parsed.data)
      setResendAt(Date.now() + answer.resendAfterSeconds * 1000)
      setHasSent(true)
      toast.success(t('login.codeSent'))
    } catch (error) {
      showFailure(error)
    } finally {
      setIsSending(false)
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    let contract: Awaited<ReturnType<typeof loginContract.load>>
    try {
      contract = await loginContract.load()
    } catch (error) {
      showFailure(error)
      return
    }
    const parsed = contract.LoginRequest.safeParse({ country, mobile, code, agreed })
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error) as FieldErrors)
      return
    }
    setErrors({})
    setIsLoggingIn(true)
    try {
      const answer = await logIn(parsed.data)
      completeLogin(answer)
      toast.success(t(answer.isNewMember ? 'login.welcomeNew' : 'login.welcomeBack'))
      navigate(redirectTo, { replace: true })
    } catch (error) {
      showFailure(error)
      setIsLoggingIn(false)
    }
  }

  const errorText = (field: Field) => (errors[field] ? message(errors[field]) : undefined)
  const sendLabel =
    secondsLeft > 0
      ? t('login.resendIn', { seconds: secondsLeft })
      : hasSent
        ? t('login.resendCode')
        : t('login.sendCode')

  return (
    <form
      onSubmit={onSubmit}
      onFocus={loginContract.preload}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t('login.formLabel')}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={countryId} className="text-sm font-medium text-ink-800">
          {t('login.country')}
        </label>
        <select
          id={countryId}
          value={country}
          onChange={(event) => setCountry(event.target.value as LoginCountry)}
          className="h-10 w-full rounded-lg border border-ink-300 bg-white px-3 text-sm text-ink-900 focus:border-brand-600"
        >
          {loginCountries.map((option) => (
            <option key={option.country} value={option.country}>
              {`${t(`countries.${option.country}`)} (+${option.callingCode})`}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t('login.mobile')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={t('login.mobilePlaceholder')}
        value={mobile}
        maxLength={24}
        onChange={(event) => setMobile(event.target.value)}
        error={errorText('mobile')}
      />
      <div className="flex items-start gap-2">
        <TextField
          className="flex-1"
          label={t('login.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('login.codePlaceholder')}
          value={code}
          maxLength={6}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          error={errorText('code')}
        />
        <Button
          variant="secondary"
          // Level with the input: below the field's label (text-sm line plus the gap), whatever the error below.
          className="mt-6 min-w-36 shrink-0"
          onClick={() => void onSendCode()}
          isLoading={isSending}
          disabled={secondsLeft > 0}
          aria-live="polite"
        >
          {sendLabel}
        </Button>
      </div>
      <Checkbox
        checked={agreed}
        onChange={(event) => setAgreed(event.target.checked)}
        error={errorText('agreed')}
        label={
          <Trans
            t={t}
            i18nKey="login.agreement"
            components={{
              agreementLink: (
                // biome-ignore lint/a11y/useAnchorContent: the translation supplies the link text
                <a
                  href="/user-agreement"
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-brand-700 underline"
                />
              ),
              privacyLink: (
                // biome-ignore lint/a11y/useAnchorContent: the translation supplies the link text
                <a
                  href="/privacy-policy"
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-brand-700 underline"
                />
              ),
            }}
          />
        }
      />
      <Button type="submit" size="lg" isLoading={isLoggingIn}>
        {t('login.submit')}
      </Button>
    </form>
  )
}
