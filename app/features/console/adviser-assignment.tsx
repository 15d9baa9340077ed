/**
 * The advisers page's assignment form: a member found by their number, typed however it comes (as in the members
 * section), or opened from their page (`?member=`), then their adviser assigned, moved or removed. Only active
 * advisers are offered; a member without Premium is said to be one.
 */
import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import type { ConsoleAdviser, ConsoleAdviserAssignment } from '#contracts/advisers-rules.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import { consoleApi } from './console-client.ts'
import {
  ConsoleError,
  ConsoleLoading,
  ConsoleNotice,
  formatFirmTime,
  SelectField,
  useTextInConsoleLanguage,
} from './console-ui.tsx'
import { useConsoleAction } from './use-console-action.ts'
import { useConsoleData } from './use-console-data.ts'

/** Find a member by number (or open the one named in the address), then assign, move or remove their adviser. */
export function AssignmentPanel({
  me,
  memberId,
  advisers,
  onChanged,
}: {
  me: ConsoleMe
  memberId: string | null
  advisers: ConsoleAdviser[]
  onChanged(): void
}) {
  const { t } = useTranslation(['advisers', 'console'])
  const { displayLocale } = useRootData()
  const nameOf = useTextInConsoleLanguage()
  const [phone, setPhone] = useState('')
  const [assignment, setAssignment] = useState<ConsoleAdviserAssignment | null>(null)
  const [adviserId, setAdviserId] = useState('')
  const action = useConsoleAction()
  const { isBusy } = action
  const opened = useConsoleData(
    () =>
      memberId
        ? consoleApi.get<ConsoleAdviserAssignment>(`/adviser-assignments/${memberId}`)
        : Promise.resolve(null),
    memberId ?? '',
  )
  const shown = assignment ?? opened.data
  const activeAdvisers = advisers.filter((adviser) => adviser.active)

  const run = (
    call: () => Promise<ConsoleAdviserAssignment>,
    noticeOf: (answer: ConsoleAdviserAssignment) => string,
  ) =>
    action.run(async () => {
      const answer = await call()
      setAssignment(answer)
      onChanged()
      return noticeOf(answer)
    })

  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-ink-950">{t('console.assignTitle')}</h2>
      <form
        aria-label={t('console.findMember')}
        className="flex flex-col gap-3 md:flex-row md:items-end"
        onSubmit={(event) => {
          event.preventDefault()
          void run(
            () => consoleApi.get<ConsoleAdviserAssignment>('/adviser-assignments', { phone }),
            () => '',
          )
        }}
      >
        <TextField
          className="md:w-80"
          label={t('console-members:members.phone')}
          hint={t('console-members:members.phoneHint')}
          type="tel"
          autoComplete="off"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          required
        />
        <Button type="submit" variant="secondary" disabled={isBusy}>
          {t('console-members:members.search')}
        </Button>
      </form>
      <ConsoleNotice notice={action.notice} />
      <ConsoleError error={action.error ?? opened.error} />
      {shown ? (
        <div className="flex flex-col gap-3 border-t border-ink-100 pt-3" data-testid="adviser-assignment">
          <p className="text-ink-900">
            <Link
              to={`/console/members/${shown.memberId}`}
              className="font-semibold text-brand-700 underline"
            >
              {shown.phone}
            </Link>{' '}
            · {shown.tier ? t(`console-members:members.tiers.${shown.tier}`) : t('console.noPlan')}
          </p>
          <p className="text-sm text-ink-800">
            {shown.adviser
              ? t('console.currentAdviser', {
                  name: nameOf(shown.adviser.name),
                  since: formatFirmTime(shown.assignedAt, me.timeZone, displayLocale),
                })
              : t('console.noAdviser')}
          </p>
          {shown.tier !== 'premium' ? (
            <p className="text-sm text-ink-700">{t('console.notPremium')}</p>
          ) : null}
          <div className="flex flex-col gap-3 md:flex-row md:items-end">
            <SelectField
              label={t('console.chooseAdviser')}
              value={adviserId}
              onChange={(event) => setAdviserId(event.target.value)}
            >
              <option value="">{t('console.choose')}</option>
              {activeAdvisers.map((adviser) => (
                <option key={adviser.id} value={adviser.id}>
                  {nameOf(adviser.name)}
                  {adviser.isSample ? ` (${t('console.sample')})` : ''}
                </option>
              ))}
            </SelectField>
            <Button
              disabled={isBusy || !adviserId}
              onClick={() =>
                void run(
                  () =>
                    consoleApi.put<ConsoleAdviserAssignment>(`/adviser-assignments/${shown.memberId}`, {
                      adviserId,
                    }),
                  (answer) =>
                    t('console.assigned', { name: answer.adviser ? nameOf(answer.adviser.name) : '' }),
                )
              }
            >
              {shown.adviser ? t('console.change') : t('console.assign')}
            </Button>
            {shown.adviser ? (
              <Button
                variant="danger"
                disabled={isBusy}
                onClick={() =>
                  void run(
                    () =>
                      consoleApi.delete<ConsoleAdviserAssignment>(`/adviser-assignments/${shown.memberId}`),
                    () => t('console.removed'),
                  )
                }
              >
                {t('console.remove')}
              </Button>
            ) : null}
          </div>
        </div>
      ) : memberId && opened.isLoading ? (
        <ConsoleLoading />
      ) : null}
    </Card>
  )
}
