/**
 * /console/roles (admin): who holds which console role and who granted it; grant a role by mobile number (a new
 * number is registered), revoke one (the API refuses to revoke the last admin, and says so).
 */
import { useState } from 'react'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { type ConsoleMemberRoles, type ConsoleRole, consoleRoles } from '#contracts/console-rules.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleTable } from './console-lists.tsx'
import { ConsoleError, ConsoleLoading, ConsoleNotice, SelectField } from './console-ui.tsx'
import { useConsoleAction } from './use-console-action.ts'
import { useConsoleData } from './use-console-data.ts'

export function RolesSection() {
  const { t } = useTranslation('console')
  const holders = useConsoleData(() => consoleApi.get<ConsoleMemberRoles[]>('/roles'), 'roles')
  const [phone, setPhone] = useState('')
  const [role, setRole] = useState<ConsoleRole>('editor')
  const action = useConsoleAction()

  const change = (call: () => Promise<unknown>, done: string) =>
    action.run(async () => {
      await call()
      holders.reload()
      return done
    })

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-ink-950">{t('roles.title')}</h1>
      <Card>
        <form
          className="grid items-end gap-3 md:grid-cols-3"
          aria-label={t('roles.grant')}
          onSubmit={(event) => {
            event.preventDefault()
            void change(
              () => consoleApi.post('/roles', { phone, role }),
              t('roles.granted', { phone, role: t(`roleNames.${role}`) }),
            )
          }}
        >
          <TextField
            label={t('roles.phone')}
            hint={t('roles.phoneHint')}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            required
          />
          <SelectField
            label={t('roles.role')}
            value={role}
            onChange={(event) => setRole(event.target.value as ConsoleRole)}
          >
            {consoleRoles.map((option) => (
              <option key={option} value={option}>
                {t(`roleNames.${option}`)}
              </option>
            ))}
          </SelectField>
          <Button type="submit">{t('roles.grant')}</Button>
        </form>
      </Card>
      <ConsoleNotice notice={action.notice} />
      <ConsoleError error={action.error ?? holders.error} />
      {holders.isLoading && !holders.data ? <ConsoleLoading /> : null}
      <ConsoleTable columns={[t('roles.phone'), t('roles.held')]}>
        {(holders.data ?? []).map((holder) => (
          <tr key={holder.memberId} className="border-b border-ink-50 align-top" data-testid="role-holder">
            <td className="py-2 pr-3">{holder.phone}</td>
            <td className="flex flex-wrap gap-2 py-2 pr-3">
              {holder.roles.map((grant) => (
                <span key={grant.role} className="flex items-center gap-1 rounded-full bg-ink-50 px-2 py-0.5">
                  {t(`roleNames.${grant.role}`)}
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('roles.revokeOf', {
                      role: t(`roleNames.${grant.role}`),
                      phone: holder.phone,
                    })}
                    onClick={() =>
                      void change(
                        () => consoleApi.delete('/roles', { memberId: holder.memberId, role: grant.role }),
                        t('roles.revoked', { phone: holder.phone, role: t(`roleNames.${grant.role}`) }),
                      )
                    }
                  >
                    ×
                  </Button>
                </span>
              ))}
            </td>
          </tr>
        ))}
      </ConsoleTable>
    </div>
  )
}
