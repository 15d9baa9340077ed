/**
 * /console/advisers (support; issue 15): the firm's one-to-one advisers and the Premium members assigned to them.
 * One page, moved about with search params: the list with the assignment form (a member found by their number, typed
 * however it comes, as in the members section; `?member=` opens a member's assignment from their page), `?id=new`
 * to add an adviser, `?id=<adviser>` to edit one, (de)activate them and see their members. Channels are checked per
 * kind by the API; its refusal shows in the reader's language.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Badge } from '#app/components/badge.tsx'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { TextField } from '#app/components/text-field.tsx'
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
  type ConsoleAdviserAssignment,
  type ConsoleAdviserDetail,
} from '#contracts/advisers-rules.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import { locales } from '#contracts/regions.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleListState, ConsoleTable } from './console-lists.tsx'
import {
  ConsoleError,
  ConsoleLoading,
  ConsoleNotice,
  formatFirmTime,
  SelectField,
  TextAreaField,
  useTextInConsoleLanguage,
} from './console-ui.tsx'
import { useConsoleData } from './use-console-data.ts'

const sectionPath = '/console/advisers'

export function AdvisersSection({ me }: { me: ConsoleMe }) {
  const [search] = useSearchParams()
  const id = search.get('id')
  if (id === 'new') return <AdviserEditor me={me} adviserId={null} />
  if (id) return <AdviserEditor key={id} me={me} adviserId={id} />
  return <AdvisersList me={me} memberId={search.get('member')} />
}

function AdvisersList({ me, memberId }: { me: ConsoleMe; memberId: string | null }) {
  const { t } = useTranslation('advisers')
  const nameOf = useTextInConsoleLanguage()
  const advisers = useConsoleData(() => consoleApi.get<ConsoleAdviser[]>('/advisers'), 'advisers')
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink-950">{t('console.title')}</h1>
        <Link
          to={`${sectionPath}?id=new`}
          className="inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t('console.add')}
        </Link>
      </div>
      <AssignmentPanel
        key={memberId ?? 'find'}
        me={me}
        memberId={memberId}
        advisers={advisers.data ?? []}
        onChanged={advisers.reload}
      />
      <section aria-labelledby="advisers-list" className="flex flex-col gap-3">
        <h2 id="advisers-list" className="text-lg font-semibold text-ink-950">
          {t('console.listTitle')}
        </h2>
        <ConsoleListState
          error={advisers.error}
          isLoading={advisers.isLoading}
          data={advisers.data}
          isEmpty={advisers.data?.length === 0}
          emptyText={t('console.empty')}
        />
        {advisers.data && advisers.data.length > 0 ? (
          <ConsoleTable
            columns={[t('console.name'), t('console.channels'), t('console.members'), t('console.state')]}
            actionsLabel={t('console.actions')}
          >
            {advisers.data.map((adviser) => (
              <tr key={adviser.id} className="border-b border-ink-50" data-testid="adviser-row">
                <th scope="row" className="py-2 pr-3 text-start font-normal">
                  <span className="block font-medium text-ink-900">{nameOf(adviser.name)}</span>
                  {adviser.isSample ? <Badge tone="warn">{t('console.sample')}</Badge> : null}
                </th>
                <td className="py-2 pr-3 text-ink-800">
                  {adviser.channels.map((channel) => t(`channels.${channel.kind}`)).join(', ')}
                </td>
                <td className="py-2 pr-3 tabular-nums">{adviser.assignedCount}</td>
                <td className="py-2 pr-3">
                  <Badge tone={adviser.active ? 'gain' : 'neutral'}>
                    {t(adviser.active ? 'console.active' : 'console.inactive')}
                  </Badge>
                </td>
                <td className="py-2 pr-3">
                  <Link
                    to={`${sectionPath}?id=${adviser.id}`}
                    className="font-medium text-brand-700 underline underline-offset-2"
                    aria-label={t('console.openNamed', { name: nameOf(adviser.name) })}
                  >
                    {t('console.open')}
                  </Link>
                </td>
              </tr>
            ))}
          </ConsoleTable>
        ) : null}
      </section>
    </div>
  )
}

/** Find a member by number (or open the one named in the address), then assign, move or remove their adviser. */
function AssignmentPanel({
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
  const [error, setError] = useState<unknown>(null)
  const [notice, setNotice] = useState('')
  const [isBusy, setIsBusy] = useState(false)
  const opened = useConsoleData(
    () =>
      memberId
        ? consoleApi.get<ConsoleAdviserAssignment>(`/adviser-assignments/${memberId}`)
        : Promise.resolve(null),
    memberId ?? '',
  )
  const shown = assignment ?? opened.data
  const activeAdvisers = advisers.filter((adviser) => adviser.active)

  async function run(
    action: () => Promise<ConsoleAdviserAssignment>,
    noticeOf: (a: ConsoleAdviserAssignment) => string,
  ) {
    setError(null)
    setNotice('')
    setIsBusy(true)
    try {
      const answer = await action()
      setAssignment(answer)
      setNotice(noticeOf(answer))
      onChanged()
    } catch (failure) {
      setError(failure)
    } finally {
      setIsBusy(false)
    }
  }

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
          label={t('console:members.phone')}
          hint={t('console:members.phoneHint')}
          type="tel"
          autoComplete="off"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          required
        />
        <Button type="submit" variant="secondary" disabled={isBusy}>
          {t('console:members.search')}
        </Button>
      </form>
      <ConsoleNotice notice={notice} />
      <ConsoleError error={error ?? opened.error} />
      {shown ? (
        <div className="flex flex-col gap-3 border-t border-ink-100 pt-3" data-testid="adviser-assignment">
          <p className="text-ink-900">
            <Link
              to={`/console/members/${shown.memberId}`}
              className="font-semibold text-brand-700 underline"
            >
              {shown.phone}
            </Link>{' '}
            · {shown.tier ? t(`console:members.tiers.${shown.tier}`) : t('console.noPlan')}
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
function AdviserEditor({ me, adviserId }: { me: ConsoleMe; adviserId: string | null }) {
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
  const [error, setError] = useState<unknown>(null)
  const [notice, setNotice] = useState('')
  const [isBusy, setIsBusy] = useState(false)

  function setChannel(index: number, change: Partial<AdviserChannel>) {
    setForm((current) => ({
      ...current,
      channels: current.channels.map((channel, i) => (i === index ? { ...channel, ...change } : channel)),
    }))
  }

  async function save() {
    setError(null)
    setNotice('')
    setIsBusy(true)
    const body = { ...form, channels: form.channels.map(({ kind, value }) => ({ kind, value })) }
    try {
      if (adviser) {
        await consoleApi.put<ConsoleAdviser>(`/advisers/${adviser.id}`, body)
        setNotice(t('console.saved'))
        onSaved()
      } else {
        const created = await consoleApi.post<ConsoleAdviser>('/advisers', body)
        setSearch({ id: created.id })
      }
    } catch (failure) {
      setError(failure)
    } finally {
      setIsBusy(false)
    }
  }

  async function setActive(active: boolean) {
    if (!adviser) return
    setError(null)
    setNotice('')
    try {
      await consoleApi.post<ConsoleAdviser>(`/advisers/${adviser.id}/active`, { active })
      setNotice(t(active ? 'console.reactivated' : 'console.deactivated'))
      onSaved()
    } catch (failure) {
      setError(failure)
    }
  }

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
      <ConsoleNotice notice={notice} />
      <ConsoleError error={error} />
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
          <Button type="submit" disabled={isBusy}>
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
            <ConsoleTable columns={[t('console:members.phone'), t('console.tier'), t('console.since')]}>
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
                    {member.tier ? t(`console:members.tiers.${member.tier}`) : t('console.noPlan')}
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
    <Link to={sectionPath} className="text-sm font-medium text-brand-700 underline underline-offset-2">
      {t('console.back')}
    </Link>
  )
}
