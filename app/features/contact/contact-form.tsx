/**
 * Leaves a name, email and phone number so an adviser can get back to the reader; stored as a subscription
 * from the contact dialog (spec §2, §5 messages). The contract's schema loads on the first submit (ADR 0011).
 */
import { type FormEvent, useState } from 'react'
import { Button } from '#app/components/button.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { toast } from '#app/components/toaster.tsx'
import { ensureErrorMessages } from '#app/i18n/browser-catalogs.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import {
  type FieldErrors,
  fieldErrorsOf,
  subscribeEmail,
  subscribeFailureMessage,
} from './subscribe-email.ts'

const emptyForm = { name: '', email: '', phone: '' }

export function ContactForm({ onSent }: { onSent?: () => void }) {
  const { t } = useTranslation(['shell', 'common', 'errors'])
  const [form, setForm] = useState(emptyForm)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [isSending, setIsSending] = useState(false)

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    let contract: typeof import('#contracts/site.ts')
    try {
      // The error messages come with the rules, for the fields they refuse.
      ;[contract] = await Promise.all([import('#contracts/site.ts'), ensureErrorMessages()])
    } catch {
      toast.error(t('common:toast.subscribeFailed'))
      return
    }
    const parsed = contract.ContactSignupForm.safeParse({ ...form, name: form.name || undefined })
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error))
      return
    }
    setErrors({})
    setIsSending(true)
    try {
      const answer = await subscribeEmail({ ...parsed.data, source: 'contact-dialog' })
      // Double opt-in, as in the footer: a new address is subscribed once it confirms from the email just sent.
      toast.success(
        answer.alreadySubscribed ? t('common:toast.subscribed') : t('common:toast.confirmByEmail'),
      )
      setForm(emptyForm)
      onSent?.()
    } catch (error) {
      toast.error(subscribeFailureMessage(t, error))
    } finally {
      setIsSending(false)
    }
  }

  const errorText = (field: string) => (errors[field] ? t(`errors:${errors[field]}`) : undefined)

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-label={t('contact.formLabel')}>
      <h3 className="text-base font-semibold text-ink-950">{t('contact.formTitle')}</h3>
      <TextField
        label={t('contact.name')}
        autoComplete="name"
        value={form.name}
        maxLength={80}
        onChange={(e) => setForm({ ...form, name: e.target.value })}
      />
      <TextField
        label={t('contact.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={form.email}
        maxLength={254}
        onChange={(e) => setForm({ ...form, email: e.target.value })}
        error={errorText('email')}
      />
      <TextField
        label={t('contact.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={form.phone}
        maxLength={24}
        onChange={(e) => setForm({ ...form, phone: e.target.value })}
        error={errorText('phone')}
      />
      <div className="flex justify-end">
        <Button type="submit" isLoading={isSending}>
          {t('common:actions.submit')}
        </Button>
      </div>
    </form>
  )
}
