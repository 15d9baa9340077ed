/**
 * The email subscription form (footer and home): one field, the spec's messages, a toast on the outcome.
 * The contract's schema (and zod with it) and the sending code load on the first submit, not with the page
 * (ADR 0011).
 */
import { clsx } from 'clsx'
import { type FormEvent, useState } from 'react'
import { Button } from '#app/components/button.tsx'
import { onDemand } from '#app/components/on-demand.ts'
import { TextField } from '#app/components/text-field.tsx'
import { toast } from '#app/components/toaster.tsx'
import { ensureErrorMessages } from '#app/i18n/browser-catalogs.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { SignupSource } from '#contracts/site.ts'
import type { FieldErrors } from './subscribe-email.ts'

/** Fetched when the form is first focused, so the first submit rarely waits for it; the error messages with it. */
const signupCode = onDemand(() =>
  Promise.all([import('#contracts/site.ts'), import('./subscribe-email.ts'), ensureErrorMessages()]),
)

export function NewsletterForm({
  source,
  tone = 'light',
}: {
  source: Exclude<SignupSource, 'contact-dialog'>
  tone?: 'light' | 'dark'
}) {
  const { t } = useTranslation(['shell', 'common', 'errors'])
  const [errors, setErrors] = useState<FieldErrors>({})
  const [isSending, setIsSending] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    // Uncontrolled: what was typed before the form's code arrived (the footer hydrates late) is kept.
    const email = String(new FormData(form).get('email') ?? '')
    let code: Awaited<ReturnType<typeof signupCode.load>>
    try {
      code = await signupCode.load()
    } catch {
      toast.error(t('common:toast.subscribeFailed'))
      return
    }
    const [{ NewsletterSignupForm }, signup] = code
    const parsed = NewsletterSignupForm.safeParse({ email })
    if (!parsed.success) {
      setErrors(signup.fieldErrorsOf(parsed.error))
      return
    }
    setErrors({})
    setIsSending(true)
    try {
      const answer = await signup.subscribeEmail({ email: parsed.data.email, source })
      // Double opt-in: a new address is subscribed once it confirms from the email just sent.
      toast.success(
        answer.alreadySubscribed ? t('common:toast.subscribed') : t('common:toast.confirmByEmail'),
      )
      form.reset()
    } catch (error) {
      toast.error(signup.subscribeFailureMessage(t, error))
    } finally {
      setIsSending(false)
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      onFocus={signupCode.preload}
      noValidate
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
      aria-label={t('newsletter.formLabel')}
    >
      <TextField
        label={t('newsletter.emailLabel')}
        isLabelHidden
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('newsletter.emailPlaceholder')}
        name="email"
        defaultValue=""
        error={errors.email ? t(`errors:${errors.email}`) : undefined}
        className={clsx('flex-1', tone === 'dark' && '[&_p]:text-red-300')}
        maxLength={254}
      />
      <Button type="submit" isLoading={isSending}>
        {t('common:actions.subscribe')}
      </Button>
    </form>
  )
}
