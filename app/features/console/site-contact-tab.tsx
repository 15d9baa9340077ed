/**
 * Contact channels: how readers reach the firm (the contact dialog and the contact page). Until an admin saves them
 * the configuration's are shown, and the form says so.
 */
import { useState } from 'react'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import {
  type ConsoleContactChannels,
  type ContactChannelValues,
  contactChannelMaxLength,
  contactChannelNames,
} from '#contracts/console-site-rules.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleError, ConsoleLoading, ConsoleNotice, formatFirmTime } from './console-ui.tsx'
import { useConsoleAction } from './use-console-action.ts'
import { useConsoleData } from './use-console-data.ts'

export function SiteContactTab({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation(['console', 'console-site'], { nsMode: 'fallback' })
  const { displayLocale } = useRootData()
  const loaded = useConsoleData(() => consoleApi.get<ConsoleContactChannels>('/site/contact'), 'contact')
  const [saved, setSaved] = useState<ConsoleContactChannels | null>(null)
  const [draft, setDraft] = useState<ContactChannelValues | null>(null)
  const action = useConsoleAction()
  const current = saved ?? loaded.data
  const channels = draft ?? current?.channels
  return (
    <section aria-label={t('site.tabNames.contact')} className="flex flex-col gap-4">
      <p className="text-sm text-ink-700">{t('site.contact.intro')}</p>
      <ConsoleError error={action.error ?? loaded.error} />
      <ConsoleNotice notice={action.notice} isBoxed />
      {!channels || !current ? (
        loaded.isLoading ? (
          <ConsoleLoading />
        ) : null
      ) : (
        <Card>
          <form
            aria-label={t('site.tabNames.contact')}
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault()
              void action.run(async () => {
                setSaved(await consoleApi.put<ConsoleContactChannels>('/site/contact', channels))
                setDraft(null)
                return t('site.contact.saved')
              })
            }}
          >
            <p className="text-sm text-ink-600">
              {current.isDefault
                ? t('site.contact.isDefault')
                : t('site.contact.savedAt', {
                    time: formatFirmTime(current.updatedAt, me.timeZone, displayLocale),
                  })}
            </p>
            <div className="grid gap-3 md:grid-cols-2">
              {contactChannelNames.map((name) => (
                <TextField
                  key={name}
                  label={t(`site.contact.channels.${name}`)}
                  type={name === 'email' ? 'email' : 'text'}
                  value={channels[name]}
                  maxLength={contactChannelMaxLength}
                  required
                  onChange={(event) => setDraft({ ...channels, [name]: event.target.value })}
                />
              ))}
            </div>
            <div>
              <Button type="submit">{t('site.contact.save')}</Button>
            </div>
          </form>
        </Card>
      )}
    </section>
  )
}
