/**
 * An article's revisions, newest first: compare any two (the server lists the changed fields; they are shown side
 * by side, named as the form names them, with the words that changed marked) and restore an older one's content (the state stays; a stale answer is handed to the editor).
 */
import { useEffect, useState } from 'react'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import {
  type ArticleRevisionSummary,
  ConsoleErrorCode,
  type EditorArticle,
  type RevisionComparison,
} from '#contracts/console-rules.ts'
import { actorText } from './audit-words.ts'
import { ConsoleApiError, consoleApi } from './console-client.ts'
import { ConsoleError, formatFirmTime, SelectField } from './console-ui.tsx'
import { comparedFields, type WordPart } from './revision-words.ts'
import { useConsoleAction } from './use-console-action.ts'

export function ArticleRevisions({
  article,
  timeZone,
  displayLocale,
  onRestored,
  onStale,
}: {
  article: EditorArticle
  timeZone: string
  displayLocale: string
  onRestored(article: EditorArticle): void
  onStale(current: EditorArticle): void
}) {
  const { t } = useTranslation('console')
  const [revisions, setRevisions] = useState<ArticleRevisionSummary[]>([])
  const [from, setFrom] = useState(0)
  const [to, setTo] = useState(0)
  const [comparison, setComparison] = useState<RevisionComparison | null>(null)
  const action = useConsoleAction()

  // biome-ignore lint/correctness/useExhaustiveDependencies: the revisions are the article's; the setter is stable
  useEffect(() => {
    consoleApi
      .get<ArticleRevisionSummary[]>(`/articles/${article.id}/revisions`)
      .then((rows) => {
        setRevisions(rows)
        setTo(rows[0]?.number ?? 0)
        setFrom(rows[1]?.number ?? rows[0]?.number ?? 0)
      })
      .catch(action.setError)
  }, [article.id])

  const compare = () =>
    action.run(async () => {
      setComparison(
        await consoleApi.get<RevisionComparison>(`/articles/${article.id}/revisions/compare`, { from, to }),
      )
    })

  const restore = (number: number) =>
    action.run(async () => {
      try {
        onRestored(
          await consoleApi.post<EditorArticle>(`/articles/${article.id}/revisions/${number}/restore`, {
            revision: article.revision,
          }),
        )
      } catch (failure) {
        if (
          failure instanceof ConsoleApiError &&
          failure.code === ConsoleErrorCode.articleStale &&
          failure.current
        )
          onStale(failure.current)
        throw failure
      }
    })

  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-ink-900">{t('revisions.title')}</h2>
      <ConsoleError error={action.error} />
      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-ink-100 text-ink-500">
            <tr>
              <th className="py-1 pr-3">#</th>
              <th className="py-1 pr-3">{t('revisions.savedAt')}</th>
              <th className="py-1 pr-3">{t('revisions.savedBy')}</th>
              <th className="py-1 pr-3">{t('revisions.action')}</th>
              <th className="py-1 pr-3">
                <span className="sr-only">{t('revisions.restore')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {revisions.map((revision) => (
              <tr key={revision.number} className="border-b border-ink-50">
                <td className="py-1 pr-3">{revision.number}</td>
                <td className="py-1 pr-3">{formatFirmTime(revision.savedAt, timeZone, displayLocale)}</td>
                <td className="py-1 pr-3">{actorText(revision.savedBy, 'article.save', t)}</td>
                <td className="py-1 pr-3">
                  {t(`revisions.actions.${revision.action}`)} · {t(`states.${revision.state}`)}
                </td>
                <td className="py-1 pr-3">
                  {revision.number !== article.revision ? (
                    <Button size="sm" variant="ghost" onClick={() => void restore(revision.number)}>
                      {t('revisions.restoreNumber', { number: revision.number })}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {revisions.length > 1 ? (
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label={t('revisions.from')}
            value={from}
            onChange={(event) => setFrom(Number(event.target.value))}
          >
            {revisions.map((revision) => (
              <option key={revision.number} value={revision.number}>
                {revision.number}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('revisions.to')}
            value={to}
            onChange={(event) => setTo(Number(event.target.value))}
          >
            {revisions.map((revision) => (
              <option key={revision.number} value={revision.number}>
                {revision.number}
              </option>
            ))}
          </SelectField>
          <Button variant="secondary" onClick={() => void compare()}>
            {t('revisions.compare')}
          </Button>
        </div>
      ) : null}
      {comparison ? (
        comparison.changes.length === 0 && comparison.from.state === comparison.to.state ? (
          <p className="text-sm text-ink-700">{t('revisions.noChanges')}</p>
        ) : (
          <table className="w-full table-fixed text-left text-sm" data-testid="revision-changes">
            <thead className="border-b border-ink-100 text-ink-500">
              <tr>
                <th className="w-1/4 py-1 pr-3">{t('revisions.field')}</th>
                <th className="py-1 pr-3">{t('revisions.numbered', { number: comparison.from.number })}</th>
                <th className="py-1 pr-3">{t('revisions.numbered', { number: comparison.to.number })}</th>
              </tr>
            </thead>
            <tbody>
              {comparedFields(comparison, t).map((row) => (
                <tr key={row.field} className="border-b border-ink-50 align-top" data-field={row.field}>
                  <th scope="row" className="py-1 pr-3 font-medium break-words text-ink-700">
                    {row.label}
                  </th>
                  <td className="py-1 pr-3 whitespace-pre-wrap break-words">
                    <ChangedText parts={row.words.before} />
                  </td>
                  <td className="py-1 pr-3 whitespace-pre-wrap break-words">
                    <ChangedText parts={row.words.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
    </Card>
  )
}

/** One side of a changed field: the words only this side has marked (struck out when removed, underlined when added). */
function ChangedText({ parts }: { parts: WordPart[] }) {
  const { t } = useTranslation('console')
  let offset = 0
  return (
    <>
      {parts.map((part) => {
        const key = `${part.kind}${offset}`
        offset += part.text.length
        if (part.kind === 'same') return <span key={key}>{part.text}</span>
        const label = t(part.kind === 'removed' ? 'revisions.removedWords' : 'revisions.addedWords', {
          words: part.text,
        })
        return part.kind === 'removed' ? (
          <del key={key} className="rounded-sm bg-red-100 text-red-900" title={label} data-word="removed">
            {part.text}
          </del>
        ) : (
          <ins
            key={key}
            className="rounded-sm bg-emerald-100 text-emerald-900"
            title={label}
            data-word="added"
          >
            {part.text}
          </ins>
        )
      })}
    </>
  )
}
