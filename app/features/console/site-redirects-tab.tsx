/**
 * Redirects: every rule (from a path of every regional site to a path or an http(s) address, 301 or 302); add one,
 * edit one in place, delete one (after a confirmation). The API refuses loops, a rule to itself and malformed
 * paths, in the reader's language; the running site follows a saved rule at once.
 */
import { useState } from 'react'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import {
  type ConsoleRedirect,
  type RedirectStatus,
  redirectPathMaxLength,
  redirectStatuses,
  redirectTargetMaxLength,
} from '#contracts/console-site-rules.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleListState, ConsoleTable } from './console-lists.tsx'
import { ConsoleNotice, SelectField } from './console-ui.tsx'
import { useConsoleAction } from './use-console-action.ts'
import { useConsoleData } from './use-console-data.ts'

interface RuleForm {
  fromPath: string
  toLocation: string
  status: RedirectStatus
}

const emptyRule: RuleForm = { fromPath: '', toLocation: '', status: 301 }

export function SiteRedirectsTab() {
  const { t } = useTranslation(['console', 'console-site'], { nsMode: 'fallback' })
  const rules = useConsoleData(() => consoleApi.get<ConsoleRedirect[]>('/site/redirects'), 'redirects')
  const action = useConsoleAction()
  const [editing, setEditing] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<string | null>(null)

  const change = (call: () => Promise<unknown>, done: string) =>
    action.run(async () => {
      await call()
      rules.reload()
      return done
    })

  return (
    <section aria-label={t('site.tabNames.redirects')} className="flex flex-col gap-4">
      <p className="text-sm text-ink-700">{t('site.redirects.intro')}</p>
      <Card>
        <RuleFields
          label={t('site.redirects.add')}
          initial={emptyRule}
          submitLabel={t('site.redirects.add')}
          onSubmit={(rule) =>
            change(
              () => consoleApi.post('/site/redirects', rule),
              t('site.redirects.added', { fromPath: rule.fromPath, toLocation: rule.toLocation }),
            )
          }
          clearOnSuccess
        />
      </Card>
      <ConsoleNotice notice={action.notice} isBoxed />
      <ConsoleListState error={action.error ?? rules.error} isLoading={rules.isLoading} data={rules.data} />
      <ConsoleTable
        columns={[t('site.redirects.from'), t('site.redirects.to'), t('site.redirects.status')]}
        actionsLabel={t('site.redirects.actions')}
      >
        {(rules.data ?? []).map((rule) =>
          editing === rule.fromPath ? (
            <tr key={rule.fromPath} className="border-b border-ink-50">
              <td colSpan={4} className="py-2">
                <RuleFields
                  label={t('site.redirects.editOf', { path: rule.fromPath })}
                  initial={rule}
                  submitLabel={t('site.redirects.save')}
                  onSubmit={async (changed) => {
                    const isDone = await change(
                      () =>
                        consoleApi.put(`/site/redirects?from=${encodeURIComponent(rule.fromPath)}`, changed),
                      t('site.redirects.saved', {
                        fromPath: changed.fromPath,
                        toLocation: changed.toLocation,
                      }),
                    )
                    if (isDone) setEditing(null)
                    return isDone
                  }}
                  onCancel={() => setEditing(null)}
                />
              </td>
            </tr>
          ) : (
            <tr key={rule.fromPath} className="border-b border-ink-50" data-testid="redirect-rule">
              <td className="py-2 pr-3 font-mono">{rule.fromPath}</td>
              <td className="break-all py-2 pr-3 font-mono">{rule.toLocation}</td>
              <td className="py-2 pr-3">{t(`site.redirects.statusNames.${rule.status}`)}</td>
              <td className="flex justify-end gap-1 py-2">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('site.redirects.editOf', { path: rule.fromPath })}
                  onClick={() => setEditing(rule.fromPath)}
                >
                  {t('site.redirects.edit')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('site.redirects.deleteOf', { path: rule.fromPath })}
                  onClick={() => setDeleting(rule.fromPath)}
                >
                  {t('site.redirects.delete')}
                </Button>
              </td>
            </tr>
          ),
        )}
      </ConsoleTable>
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDeleting(null)
        }}
        title={t('site.redirects.delete')}
        description={t('site.redirects.confirmDelete', { path: deleting ?? '' })}
        confirmLabel={t('site.redirects.delete')}
        isDanger
        onConfirm={() => {
          const path = deleting
          setDeleting(null)
          if (path)
            void change(
              () => consoleApi.delete('/site/redirects', { from: path }),
              t('site.redirects.deleted', { path }),
            )
        }}
      />
    </section>
  )
}

function RuleFields({
  label,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  clearOnSuccess = false,
}: {
  label: string
  initial: RuleForm
  submitLabel: string
  onSubmit(rule: RuleForm): Promise<boolean>
  onCancel?: () => void
  clearOnSuccess?: boolean
}) {
  const { t } = useTranslation(['console', 'console-site'], { nsMode: 'fallback' })
  const [rule, setRule] = useState<RuleForm>({
    fromPath: initial.fromPath,
    toLocation: initial.toLocation,
    status: initial.status,
  })
  return (
    <form
      aria-label={label}
      className="grid items-end gap-3 md:grid-cols-[1fr_1fr_auto_auto]"
      onSubmit={(event) => {
        event.preventDefault()
        void onSubmit(rule).then((isDone) => {
          if (isDone && clearOnSuccess) setRule(emptyRule)
        })
      }}
    >
      <TextField
        label={t('site.redirects.from')}
        hint={t('site.redirects.fromHint')}
        value={rule.fromPath}
        maxLength={redirectPathMaxLength}
        required
        onChange={(event) => setRule({ ...rule, fromPath: event.target.value })}
      />
      <TextField
        label={t('site.redirects.to')}
        hint={t('site.redirects.toHint')}
        value={rule.toLocation}
        maxLength={redirectTargetMaxLength}
        required
        onChange={(event) => setRule({ ...rule, toLocation: event.target.value })}
      />
      <SelectField
        label={t('site.redirects.status')}
        value={String(rule.status)}
        onChange={(event) => setRule({ ...rule, status: Number(event.target.value) as RedirectStatus })}
      >
        {redirectStatuses.map((status) => (
          <option key={status} value={status}>
            {t(`site.redirects.statusNames.${status}`)}
          </option>
        ))}
      </SelectField>
      <div className="flex gap-2">
        <Button type="submit">{submitLabel}</Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('site.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  )
}
