/**
 * /console/articles: the newsroom's list, last changed first, filtered by state, language, market, kind, topic,
 * author, tag and words (the filters live in the address, so a filtered list can be reloaded and shared), 30 a
 * page. Topics, authors and tags are offered from the newsroom's options, named in the reader's language.
 */

import { Link } from 'react-router'
import { Badge } from '#app/components/badge.tsx'
import { buttonClassName } from '#app/components/button.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import {
  articleKinds,
  articleStates,
  type ConsoleMe,
  type EditorArticlePage,
  type NewsroomOptions,
} from '#contracts/console-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import { consoleApi } from './console-client.ts'
import {
  ConsoleFilterForm,
  ConsoleList,
  ConsoleListHeader,
  MarketSelectField,
  useConsoleListQuery,
} from './console-lists.tsx'
import { formatFirmTime, SelectField } from './console-ui.tsx'
import { articleFiltersOf, filtersSearch } from './console-view.ts'
import { useConsoleData } from './use-console-data.ts'

export function ArticlesSection({ me }: { me: ConsoleMe }) {
  const { t, i18n } = useTranslation('console')
  const locale: Locale = i18n.language === 'zh-Hant' ? 'zh-Hant' : 'en'
  const otherLocale: Locale = locale === 'en' ? 'zh-Hant' : 'en'
  const { filters, search, hrefOf } = useConsoleListQuery(
    '/console/articles',
    articleFiltersOf,
    filtersSearch,
  )
  const list = useConsoleData(() => consoleApi.get<EditorArticlePage>('/articles', { ...filters }), search)
  const { data: page, isLoading } = list
  const { data: options } = useConsoleData(
    () => consoleApi.get<NewsroomOptions>('/articles/options'),
    'options',
  )
  const { timeZone } = me
  const { displayLocale } = useRootData()
  return (
    <div className="flex flex-col gap-4">
      <ConsoleListHeader title={t('articles.title')}>
        <Link to="/console/articles/new" className={buttonClassName('primary')}>
          {t('articles.new')}
        </Link>
      </ConsoleListHeader>
      <ConsoleFilterForm
        action="/console/articles"
        // Remounted when the address changes (a link, the back button), so the choices show the list's filters.
        key={search}
        label={t('articles.filters')}
        columns="sm:grid-cols-2 md:grid-cols-4 xl:grid-cols-5"
        applyLabel={t('articles.apply')}
        isBusy={isLoading}
      >
        <SelectField label={t('articles.state')} name="state" defaultValue={filters.state ?? ''}>
          <option value="">{t('articles.any')}</option>
          {articleStates.map((state) => (
            <option key={state} value={state}>
              {t(`states.${state}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('articles.language')} name="locale" defaultValue={filters.locale ?? ''}>
          <option value="">{t('articles.any')}</option>
          <option value="en">{t('languages.en')}</option>
          <option value="zh-Hant">{t('languages.zh-Hant')}</option>
        </SelectField>
        <MarketSelectField label={t('articles.market')} defaultValue={filters.market ?? ''} />
        <SelectField label={t('articles.kind')} name="kind" defaultValue={filters.kind ?? ''}>
          <option value="">{t('articles.any')}</option>
          {articleKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('articles.topic')}
          name="topic"
          defaultValue={filters.topic}
          key={`topic-${options ? 'loaded' : 'waiting'}`}
        >
          <option value="">{t('articles.any')}</option>
          {options?.topics.map((topic) => (
            <option key={topic.slug} value={topic.slug}>
              {topic.name[locale]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('articles.author')}
          name="author"
          defaultValue={filters.author}
          key={`author-${options ? 'loaded' : 'waiting'}`}
        >
          <option value="">{t('articles.any')}</option>
          {options?.authors.map((author) => (
            <option key={author.key} value={author.key}>
              {author.name[locale]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('articles.tag')}
          name="tag"
          defaultValue={filters.tag}
          key={`tag-${options ? 'loaded' : 'waiting'}`}
        >
          <option value="">{t('articles.any')}</option>
          {options?.tags.map((tag) => (
            <option key={tag.key} value={tag.key}>
              {tag.text[locale]}
            </option>
          ))}
        </SelectField>
        <TextField label={t('articles.search')} name="q" type="search" defaultValue={filters.q} />
      </ConsoleFilterForm>
      <ConsoleList
        list={list}
        rows={page?.rows}
        emptyText={t('articles.empty')}
        columns={[
          t('articles.colTitle'),
          t('articles.state'),
          t('articles.colMarket'),
          t('articles.colLanguages'),
          t('articles.colUpdated'),
        ]}
        pager={{ page, hrefOf: (number) => hrefOf({ page: number }) }}
        renderRow={(row) => (
          <tr key={row.id} className="border-b border-ink-50" data-testid="article-row">
            <td className="py-2 pr-3">
              <Link to={`/console/articles/${row.id}`} className="font-medium text-brand-700 hover:underline">
                {row.titles[locale] ?? row.titles[otherLocale] ?? row.key}
              </Link>
              {row.titles[locale] && row.titles[otherLocale] ? (
                <span className="block text-xs text-ink-500">{row.titles[otherLocale]}</span>
              ) : null}
            </td>
            <td className="py-2 pr-3">
              <Badge tone={row.state === 'published' ? 'gain' : row.state === 'draft' ? 'neutral' : 'warn'}>
                {t(`states.${row.state}`)}
              </Badge>
            </td>
            <td className="py-2 pr-3" data-testid="article-row-market">
              {t(`markets.${row.market}`)}
            </td>
            <td className="py-2 pr-3">
              {row.locales.map((version) => t(`languages.${version}`)).join(', ')}
            </td>
            <td className="py-2 pr-3 text-ink-700">
              {formatFirmTime(row.updatedAt, timeZone, displayLocale)}
            </td>
          </tr>
        )}
      />
    </div>
  )
}
