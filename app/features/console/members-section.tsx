/**
 * /console/members (support): find a member by the number they give, typed however it comes (+852 9123 4567,
 * 9123 4567…); the member's page opens at /console/members/:id.
 */
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ConsoleMemberRef } from '#contracts/console-members-rules.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleError } from './console-ui.tsx'
import { useConsoleAction } from './use-console-action.ts'

export function MembersSection() {
  const { t } = useTranslation(['console', 'console-members'], { nsMode: 'fallback' })
  const navigate = useNavigate()
  const [phone, setPhone] = useState('')
  const action = useConsoleAction()

  const find = () =>
    action.run(async () => {
      const member = await consoleApi.get<ConsoleMemberRef>('/members', { phone })
      await navigate(`/console/members/${member.memberId}`)
    })

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-ink-950">{t('members.title')}</h1>
      <Card>
        <form
          aria-label={t('members.find')}
          className="flex flex-col gap-3 md:flex-row md:items-end"
          onSubmit={(event) => {
            event.preventDefault()
            void find()
          }}
        >
          <TextField
            className="md:w-96"
            label={t('members.phone')}
            hint={t('members.phoneHint')}
            type="tel"
            autoComplete="off"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            required
          />
          <Button type="submit" disabled={action.isBusy}>
            {t('members.search')}
          </Button>
        </form>
      </Card>
      <ConsoleError error={action.error} />
    </div>
  )
}
