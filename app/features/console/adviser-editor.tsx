/**
 * An adviser in the console: added (`?id=new`) or edited (`?id=<adviser>`) — name and biography in both languages,
 * the channels members reach them by (checked per kind by the API, its refusal in the reader's language) — then
 * deactivated or reactivated, with the members assigned to them.
 */
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Badge } from '#app/components/badge.tsx'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import {
  type AdviserChannel,
  type AdviserChannelKind,
  type AdviserText,
  adviserBioMaxLength,
  adviserChannelKinds,
  adviserChannelsMax,
  adviserNameMaxLength,
  type ConsoleAdviser,
  type ConsoleAdviserDetail,
} from '#contracts/advisers-rules.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import { locales } from '#contracts/regions.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleTable } from './console-lists.tsx'
import {
  ConsoleActionLines,
  ConsoleError,
  ConsoleLoading,
  formatFirmTime,
  SelectField,
  TextAreaField,
  useTextInConsoleLanguage,
} from './console-ui.tsx'
import { useConsoleAction } from './use-console-action.ts'
import { useConsoleData } from './use-console-data.ts'

export const advisersPath = '/console/advisers'

/** A channel row of the form: `key` names the row while rows are added and removed (never sent). */
type ChannelRow = AdviserChannel & { key: number }

interface AdviserForm {
  name: AdviserText
  bio: AdviserText
  channels: ChannelRow[]
}

let nextRowKey = 1
const channelRow = (channel: AdviserChannel): ChannelRow => ({ ...channel, key: nextRowKey++ })

function formOf(adviser: ConsoleAdviserDetail | null): AdviserForm {
  if (!adviser)
    return {
      name: { en: '', 'zh-Hant': '' },
      bio: { en: '', 'zh-Hant': '' },
      channels: [channelRow({ kind: 'phone', value: '' })],
    }
  return { name: adviser.name, bio: adviser.bio, channels: adviser.channels.map(channelRow) }
}

/** Adds (`adviserId` null) or edits an adviser; an existing one also shows its state and members. */
export function AdviserEditor({ me, adviserId }: { me: ConsoleMe; adviserId: string | null }) {
  const { t } = useTranslation('advisers')
  const loaded = useConsoleData(
    () =>
      adviserId ? consoleApi.get<ConsoleAdviserDetail>(`/advisers/${adviserId}`) : Promise.resolve(null),
    adviserId ?? 'new',
  )
  if (adviserId && !loaded.data) {
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        <ConsoleError error={loaded.error} />
        {loaded.isLoading ? <ConsoleLoading /> : null}
      </div>
    )
  }
  return (
    <AdviserEditorForm
      me={me}
      adviser={loaded.data}
      onSaved={loaded.reload}
      title={adviserId ? t('console.editTitle') : t('console.addTitle')}
    />
  )
}

function AdviserEditorForm({
  me,
  adviser,
  onSaved,
  title,
}: {
  me: ConsoleMe
  adviser: ConsoleAdviserDetail | null
  onSaved(): void
  title: string
}) {
  const { t } = useTranslation(['advisers', 'console'])
  const { displayLocale } = useRootData()
  const nameOf = useTextInConsoleLanguage()
  const [, setSearch] = useSearchParams()
  const [form, setForm] = useState<AdviserForm>(() => formOf(adviser))
  const action = useConsoleAction()

  function setChannel(index: number, change: Partial<AdviserChannel>) {
    setForm((current) => ({
      ...current,
      channels: current.channels.map((channel, i) => (i === index ? { ...channel, ...change } : channel)),
    }))
  }

  const save = () =>
    action.run(async () => {
      const body = { ...form, channels: form.channels.map(({ kind, value }) => ({ kind, value })) }
      if (!adviser) {
        const created = await consoleApi.post<ConsoleAdviser>('/advisers', body)
        setSearch({ id: created.id })
        return
      }
      await consoleApi.put<ConsoleAdviser>(`/advisers/${adviser.id}`, body)
      onSaved()
      return t('console.saved')
    })

  const setActive = (active: boolean) =>
    action.run(async () => {
      if (!adviser) return
      await consoleApi.post<ConsoleAdviser>(`/advisers/${adviser.id}/active`, { active })
      onSaved()
      return t(active ? 'console.reactivated' : 'console.deactivated')
    })

  return (
    <div className="flex flex-col gap-6">
      <BackLink />
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold text-ink-950">{adviser ? nameOf(adviser.name) : title}</h1>
        {adviser?.isSample ? <Badge tone="warn">{t('console.sample')}</Badge> : null}
        {adviser ? (
          <Badge tone={adviser.active ? 'gain' : 'neutral'}>
            {t(adviser.active ? 'console.active' : 'console.inactive')}
          </Badge>
        ) : null}
      </div>
      <ConsoleActionLines action={action} />
      <form
        aria-label={title}
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <div className="grid gap-4 lg:grid-cols-2">
          {locales.map((locale) => (
            <Card key={locale} className="flex flex-col gap-3">
              <h2 className="font-semibold text-ink-950">{t(`console:languages.${locale}`)}</h2>
              <TextField
                label={t('console.nameIn', { language: t(`console:languages.${locale}`) })}
                value={form.name[locale]}
                maxLength={adviserNameMaxLength}
                required
                onChange={(event) => {
                  const value = event.target.value
                  setForm((current) => ({ ...current, name: { ...current.name, [locale]: value } }))
                }}
              />
              <TextAreaField
                label={t('console.bioIn', { language: t(`console:languages.${locale}`) })}
                rows={5}
                value={form.bio[locale]}
                maxLength={adviserBioMaxLength}
                required
                onChange={(event) => {
                  const value = event.target.value
                  setForm((current) => ({ ...current, bio: { ...current.bio, [locale]: value } }))
                }}
              />
            </Card>
          ))}
        </div>
        <Card className="flex flex-col gap-3">
          <h2 className="font-semibold text-ink-950">{t('console.channels')}</h2>
          <p className="text-sm text-ink-700">{t('console.channelsHint')}</p>
          <ul className="flex flex-col gap-3">
            {form.channels.map((channel, index) => (
              <li
                key={channel.key}
                className="grid items-end gap-2 sm:grid-cols-[12rem_1fr_auto]"
                data-testid="channel-row"
              >
                <SelectField
                  label={t('console.channelKind', { number: index + 1 })}
                  value={channel.kind}
                  onChange={(event) => setChannel(index, { kind: event.target.value as AdviserChannelKind })}
                >
                  {adviserChannelKinds.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`channels.${kind}`)}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label={t('console.channelValue', { number: index + 1 })}
                  value={channel.value}
                  placeholder={t(`placeholders.${channel.kind}`)}
                  onChange={(event) => setChannel(index, { value: event.target.value })}
                />
                <Button
                  type="button"
                  variant="ghost"
                  disabled={form.channels.length <= 1}
                  onClick={() =>
                    setForm((current) => ({
                      ...current,
                      channels: current.channels.filter((_, i) => i !== index),
                    }))
                  }
                >
                  {t('console.removeChannel')}
                </Button>
              </li>
            ))}
          </ul>
          <div>
            <Button
              type="button"
              variant="secondary"
              disabled={form.channels.length >= adviserChannelsMax}
              onClick={() =>
                setForm((current) => ({
                  ...current,
                  channels: [...current.channels, channelRow({ kind: 'email', value: '' })],
                }))
              }
            >
              {t('console.addChannel')}
            </Button>
          </div>
        </Card>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={action.isBusy}>
            {t('console.save')}
          </Button>
          {adviser ? (
            <Button
              type="button"
              variant={adviser.active ? 'danger' : 'secondary'}
              onClick={() => void setActive(!adviser.active)}
            >
              {t(adviser.active ? 'console.deactivate' : 'console.reactivate')}
            </Button>
          ) : null}
        </div>
      </form>
      {adviser ? (
        <section aria-labelledby="adviser-members" className="flex flex-col gap-3">
          <h2 id="adviser-members" className="text-lg font-semibold text-ink-950">
            {t('console.membersTitle', { count: adviser.members.length })}
          </h2>
          {adviser.members.length === 0 ? (
            <p className="text-ink-700">{t('console.noMembers')}</p>
          ) : (
            <ConsoleTable
              columns={[t('console-members:members.phone'), t('console.tier'), t('console.since')]}
            >
              {adviser.members.map((member) => (
                <tr key={member.memberId} className="border-b border-ink-50" data-testid="adviser-member-row">
                  <th scope="row" className="py-2 pr-3 text-start font-normal">
                    <Link
                      to={`/console/members/${member.memberId}`}
                      className="font-medium text-brand-700 underline underline-offset-2"
                    >
                      {member.phoneMasked}
                    </Link>
                  </th>
                  <td className="py-2 pr-3">
                    {member.tier ? t(`console-members:members.tiers.${member.tier}`) : t('console.noPlan')}
                  </td>
                  <td className="py-2 pr-3 text-ink-700">
                    {formatFirmTime(member.assignedAt, me.timeZone, displayLocale)}
                  </td>
                </tr>
              ))}
            </ConsoleTable>
          )}
        </section>
      ) : null}
    </div>
  )
}

function BackLink() {
  const { t } = useTranslation('advisers')
  return (
    <Link to={advisersPath} className="text-sm font-medium text-brand-700 underline underline-offset-2">
      {t('console.back')}
    </Link>
  )
}
