/**
 * The structured parts of a site text (what its page draws besides the body): history milestones, service groups,
 * marketing figures, footer links and tagline — only the kinds the text has, as its page draws only those. Rows are
 * added, edited, removed and moved; the editor saves them with the title and body, and the server's refusals show
 * beside the field they name (`data.milestones.2.title`).
 */
import { type ReactNode, useId } from 'react'
import { Button } from '#app/components/button.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { siteTextPartLimits } from '#contracts/console-site-rules.ts'
import type { SiteTextData } from '#contracts/site.ts'

/** A refused field's message by its path under `data` (`milestones.2.title`). */
export type PartErrors = ReadonlyMap<string, string>

type Rows<Row> = readonly Row[]

function moved<Row>(rows: Rows<Row>, index: number, by: -1 | 1): Row[] {
  const next = [...rows]
  const [row] = next.splice(index, 1)
  if (row !== undefined) next.splice(index + by, 0, row)
  return next
}

function replaced<Row>(rows: Rows<Row>, index: number, row: Row): Row[] {
  return rows.map((item, at) => (at === index ? row : item))
}

function removed<Row>(rows: Rows<Row>, index: number): Row[] {
  return rows.filter((_, at) => at !== index)
}

export function SiteTextPartsForm({
  data,
  language,
  errors,
  onChange,
}: {
  data: SiteTextData
  language: string
  errors: PartErrors
  onChange: (data: SiteTextData) => void
}) {
  const { t } = useTranslation(['console', 'console-site'], { nsMode: 'fallback' })
  const { milestones, groups, stats, links, tagline } = data
  if ([milestones, groups, stats, links, tagline].every((part) => part === undefined)) return null
  const errorOf = (path: string) => errors.get(path)
  return (
    <section
      aria-label={t('site.texts.parts.heading', { language })}
      className="flex flex-col gap-4 rounded-lg border border-ink-100 p-3"
    >
      <div>
        <h3 className="text-base font-semibold text-ink-950">
          {t('site.texts.parts.heading', { language })}
        </h3>
        <p className="text-sm text-ink-600">{t('site.texts.parts.intro')}</p>
      </div>

      {milestones ? (
        <RowList
          title={t('site.texts.parts.milestones')}
          rows={milestones}
          error={errorOf('milestones')}
          rowName={(number) => t('site.texts.parts.milestone', { number })}
          addLabel={t('site.texts.parts.addMilestone')}
          newRow={() => ({ year: '', title: '', description: '' })}
          onChange={(next) => onChange({ ...data, milestones: next })}
          renderRow={(row, index, change) => (
            <>
              <TextField
                label={t('site.texts.parts.year')}
                value={row.year}
                maxLength={siteTextPartLimits.year}
                error={errorOf(`milestones.${index}.year`)}
                onChange={(event) => change({ ...row, year: event.target.value })}
              />
              <TextField
                label={t('site.texts.parts.title')}
                value={row.title}
                maxLength={siteTextPartLimits.shortText}
                error={errorOf(`milestones.${index}.title`)}
                onChange={(event) => change({ ...row, title: event.target.value })}
              />
              <PartTextArea
                label={t('site.texts.parts.description')}
                value={row.description}
                error={errorOf(`milestones.${index}.description`)}
                onChange={(description) => change({ ...row, description })}
              />
            </>
          )}
        />
      ) : null}

      {groups ? (
        <RowList
          title={t('site.texts.parts.groups')}
          rows={groups}
          error={errorOf('groups')}
          rowName={(number) => t('site.texts.parts.group', { number })}
          addLabel={t('site.texts.parts.addGroup')}
          newRow={() => ({ title: '', content: [{ description: '' }] })}
          onChange={(next) => onChange({ ...data, groups: next })}
          renderRow={(group, index, change) => (
            <>
              <TextField
                label={t('site.texts.parts.title')}
                value={group.title}
                maxLength={siteTextPartLimits.shortText}
                error={errorOf(`groups.${index}.title`)}
                onChange={(event) => change({ ...group, title: event.target.value })}
              />
              <RowList
                title={t('site.texts.parts.items')}
                rows={group.content}
                max={siteTextPartLimits.groupItems}
                error={errorOf(`groups.${index}.content`)}
                rowName={(number) => t('site.texts.parts.item', { number })}
                addLabel={t('site.texts.parts.addItem')}
                newRow={() => ({ description: '' })}
                onChange={(content) => change({ ...group, content })}
                renderRow={(item, itemIndex, changeItem) => (
                  <PartTextArea
                    label={t('site.texts.parts.description')}
                    value={item.description}
                    error={errorOf(`groups.${index}.content.${itemIndex}.description`)}
                    onChange={(description) => changeItem({ description })}
                  />
                )}
              />
            </>
          )}
        />
      ) : null}

      {stats ? (
        <RowList
          title={t('site.texts.parts.stats')}
          rows={stats}
          error={errorOf('stats')}
          rowName={(number) => t('site.texts.parts.stat', { number })}
          addLabel={t('site.texts.parts.addStat')}
          newRow={() => ({ value: '', label: '' })}
          onChange={(next) => onChange({ ...data, stats: next })}
          renderRow={(row, index, change) => (
            <>
              <TextField
                label={t('site.texts.parts.value')}
                value={row.value}
                maxLength={siteTextPartLimits.shortText}
                error={errorOf(`stats.${index}.value`)}
                onChange={(event) => change({ ...row, value: event.target.value })}
              />
              <TextField
                label={t('site.texts.parts.label')}
                value={row.label}
                maxLength={siteTextPartLimits.shortText}
                error={errorOf(`stats.${index}.label`)}
                onChange={(event) => change({ ...row, label: event.target.value })}
              />
            </>
          )}
        />
      ) : null}

      {tagline !== undefined ? (
        <TextField
          label={t('site.texts.parts.tagline')}
          value={tagline}
          maxLength={siteTextPartLimits.tagline}
          error={errorOf('tagline')}
          onChange={(event) => onChange({ ...data, tagline: event.target.value })}
        />
      ) : null}

      {links ? (
        <RowList
          title={t('site.texts.parts.links')}
          rows={links}
          error={errorOf('links')}
          rowName={(number) => t('site.texts.parts.link', { number })}
          addLabel={t('site.texts.parts.addLink')}
          newRow={() => ({ label: '', href: '' })}
          onChange={(next) => onChange({ ...data, links: next })}
          renderRow={(row, index, change) => (
            <>
              <TextField
                label={t('site.texts.parts.label')}
                value={row.label}
                maxLength={siteTextPartLimits.shortText}
                error={errorOf(`links.${index}.label`)}
                onChange={(event) => change({ ...row, label: event.target.value })}
              />
              <TextField
                label={t('site.texts.parts.href')}
                value={row.href}
                maxLength={siteTextPartLimits.href}
                hint={t('site.texts.parts.hrefHint')}
                error={errorOf(`links.${index}.href`)}
                onChange={(event) => change({ ...row, href: event.target.value })}
              />
            </>
          )}
        />
      ) : null}
    </section>
  )
}

/** A list of rows, each a group named by its number with its fields and the buttons that move or remove it. */
function RowList<Row>({
  title,
  rows,
  max = siteTextPartLimits.rows,
  error,
  rowName,
  addLabel,
  newRow,
  onChange,
  renderRow,
}: {
  title: string
  rows: Rows<Row>
  max?: number
  error: string | undefined
  rowName: (number: number) => string
  addLabel: string
  newRow: () => Row
  onChange: (rows: Row[]) => void
  renderRow: (row: Row, index: number, change: (row: Row) => void) => ReactNode
}) {
  const { t } = useTranslation(['console', 'console-site'], { nsMode: 'fallback' })
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-semibold text-ink-800">{title}</legend>
      {error ? (
        <p role="alert" className="text-sm text-loss">
          {error}
        </p>
      ) : null}
      {rows.length === 0 ? <p className="text-sm text-ink-500">{t('site.texts.parts.empty')}</p> : null}
      {rows.map((row, index) => (
        <fieldset
          // Rows have no identity of their own; their place is what the admin edits and moves.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          className="flex flex-col gap-2 rounded-lg border border-ink-100 p-3"
        >
          <legend className="px-1 text-sm font-medium text-ink-700">{rowName(index + 1)}</legend>
          {renderRow(row, index, (changed) => onChange(replaced(rows, index, changed)))}
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              disabled={index === 0}
              onClick={() => onChange(moved(rows, index, -1))}
            >
              {t('site.texts.parts.moveUp')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={index === rows.length - 1}
              onClick={() => onChange(moved(rows, index, 1))}
            >
              {t('site.texts.parts.moveDown')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onChange(removed(rows, index))}>
              {t('site.texts.parts.remove')}
            </Button>
          </div>
        </fieldset>
      ))}
      <div>
        <Button
          size="sm"
          variant="secondary"
          disabled={rows.length >= max}
          onClick={() => onChange([...rows, newRow()])}
        >
          {addLabel}
        </Button>
      </div>
    </fieldset>
  )
}

function PartTextArea({
  label,
  value,
  error,
  onChange,
}: {
  label: string
  value: string
  error: string | undefined
  onChange: (value: string) => void
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        value={value}
        maxLength={siteTextPartLimits.description}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-message` : undefined}
        className={`w-full rounded-lg border bg-white px-3 py-2 text-sm text-ink-900 ${
          error ? 'border-loss' : 'border-ink-300 focus:border-brand-600'
        }`}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={`${id}-message`} role="alert" className="text-sm text-loss">
          {error}
        </p>
      ) : null}
    </div>
  )
}
