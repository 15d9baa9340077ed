/** The contact-subscription dialog (spec §2): every contact channel and the contact form. */

import { Dialog } from '#app/components/dialog.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ContactChannels } from '#contracts/public-config.ts'
import { ContactChannelList } from './contact-channels.tsx'
import { ContactForm } from './contact-form.tsx'

export function ContactDialog({
  isOpen,
  onOpenChange,
  channels,
}: {
  isOpen: boolean
  onOpenChange(isOpen: boolean): void
  channels: ContactChannels
}) {
  const { t } = useTranslation('shell')
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('contact.dialogTitle')}
      description={t('contact.dialogDescription')}
      size="lg"
    >
      <div className="flex flex-col gap-6">
        <ContactChannelList channels={channels} />
        <ContactForm onSent={() => onOpenChange(false)} />
      </div>
    </Dialog>
  )
}
