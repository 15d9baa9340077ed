/**
 * /console/articles/new and /console/articles/:id: the newsroom's editor (article-editor.tsx) with the form's
 * choices; the article is loaded afresh on every visit, so its revision is the one the save sends back.
 */

import { Link } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import type { ConsoleMe, EditorArticle, NewsroomOptions } from '#contracts/console-rules.ts'
import { ArticleEditor } from './article-editor.tsx'
import { consoleApi } from './console-client.ts'
import { ConsoleError, ConsoleLoading } from './console-ui.tsx'
import { useConsoleData } from './use-console-data.ts'

export function ArticleEditSection({ me, articleId }: { me: ConsoleMe; articleId: number | null }) {
  const { t } = useTranslation('console')
  const { timeZone } = me
  const { displayLocale } = useRootData()
  const loaded = useConsoleData(
    () =>
      Promise.all([
        consoleApi.get<NewsroomOptions>('/articles/options'),
        articleId ? consoleApi.get<EditorArticle>(`/articles/${articleId}`) : Promise.resolve(null),
      ]),
    String(articleId),
  )
  const [options, article] = loaded.data ?? [null, null]
  const error = loaded.error
  return (
    <div className="flex flex-col gap-3">
      <Link to="/console/articles" className="text-sm text-brand-700 hover:underline">
        {t('editor.back')}
      </Link>
      <ConsoleError error={error} />
      {loaded.isLoading ? <ConsoleLoading /> : null}
      {options && !loaded.isLoading ? (
        <ArticleEditor
          key={article?.id ?? 'new'}
          options={options}
          initial={article}
          timeZone={timeZone}
          displayLocale={displayLocale}
        />
      ) : null}
    </div>
  )
}
