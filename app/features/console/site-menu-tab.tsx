/**
 * The header mega-menu's groups: create one (named in both languages), rename it, choose its articles and their
 * order, move groups up and down, delete one (after a confirmation). Readers' headers follow each save at once.
 */
import { useState } from 'react'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { EditorArticlePage } from '#contracts/console-rules.ts'
import {
  type ConsoleMenuGroup,
  menuGroupArticlesMax,
  menuGroupNameMaxLength,
  type NameInBothLanguages,
} from '#contracts/console-site-rules.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleListState } from './console-lists.tsx'
import { ConsoleNotice } from './console-ui.tsx'
import { movedInList } from './site-view.ts'
import { useConsoleAction } from './use-console-action.ts'
import { useConsoleData } from './use-console-data.ts'

const articleChoicesListId = 'menu-article-choices'

export function SiteMenuTab() {
  const { t } = useTranslation(['console', 'console-site'], { nsMode: 'fallback' })
  const groups = useConsoleData(() => consoleApi.get<ConsoleMenuGroup[]>('/site/menu-groups'), 'menu-groups')
  // The newest articles as suggestions for the article fields (any key can still be typed).
  const choices = useConsoleData(
    () => consoleApi.get<EditorArticlePage>('/articles', { pageSize: 100 }),
    'menu-article-choices',
  )
  const action = useConsoleAction()
  const [newName, setNewName] = useState<NameInBothLanguages>({ en: '', 'zh-Hant': '' })

  const change = (call: () => Promise<unknown>, done: string) =>
    action.run(async () => {
      await call()
      groups.reload()
      return done
    })

  const list = groups.data ?? []
  return (
    <section aria-label={t('site.tabNames.menu')} className="flex flex-col gap-4">
      <p className="text-sm text-ink-700">{t('site.menu.intro')}</p>
      <datalist id={articleChoicesListId}>
        {(choices.data?.rows ?? []).map((article) => (
          <option key={article.key} value={article.key}>
            {article.titles.en ?? article.titles['zh-Hant'] ?? article.key}
          </option>
        ))}
      </datalist>
      <Card>
        <form
          aria-label={t('site.menu.create')}
          className="grid items-end gap-3 md:grid-cols-3"
          onSubmit={(event) => {
            event.preventDefault()
            void change(
              () => consoleApi.post('/site/menu-groups', { name: newName, articleKeys: [] }),
              t('site.menu.created', { name: newName.en }),
            ).then((isDone) => {
              if (isDone) setNewName({ en: '', 'zh-Hant': '' })
            })
          }}
        >
          <TextField
            label={t('site.menu.nameIn', { language: t('languages.en') })}
            value={newName.en}
            maxLength={menuGroupNameMaxLength}
            required
            onChange={(event) => setNewName({ ...newName, en: event.target.value })}
          />
          <TextField
            label={t('site.menu.nameIn', { language: t('languages.zh-Hant') })}
            value={newName['zh-Hant']}
            maxLength={menuGroupNameMaxLength}
            required
            onChange={(event) => setNewName({ ...newName, 'zh-Hant': event.target.value })}
          />
          <Button type="submit">{t('site.menu.create')}</Button>
        </form>
      </Card>
      <ConsoleNotice notice={action.notice} isBoxed />
      <ConsoleListState
        error={action.error ?? groups.error}
        isLoading={groups.isLoading}
        data={groups.data}
      />
      <ol className="flex flex-col gap-4">
        {list.map((group, index) => (
          <li key={group.key}>
            <MenuGroupCard
              // A saved or reloaded group starts its form again from what is stored.
              key={JSON.stringify(group)}
              group={group}
              isFirst={index === 0}
              isLast={index === list.length - 1}
              onMove={(by) =>
                void change(
                  () =>
                    consoleApi.put('/site/menu-order', {
                      keys: movedInList(
                        list.map((item) => item.key),
                        index,
                        by,
                      ),
                    }),
                  t('site.menu.moved', { name: group.name.en }),
                )
              }
              onSave={(name, articleKeys) =>
                change(
                  () => consoleApi.put(`/site/menu-groups/${group.key}`, { name, articleKeys }),
                  t('site.menu.saved', { name: name.en }),
                )
              }
              onDelete={() =>
                void change(
                  () => consoleApi.delete(`/site/menu-groups/${group.key}`),
                  t('site.menu.deleted', { name: group.name.en }),
                )
              }
            />
          </li>
        ))}
      </ol>
    </section>
  )
}

function MenuGroupCard({
  group,
  isFirst,
  isLast,
  onMove,
  onSave,
  onDelete,
}: {
  group: ConsoleMenuGroup
  isFirst: boolean
  isLast: boolean
  onMove(by: -1 | 1): void
  onSave(name: NameInBothLanguages, articleKeys: string[]): Promise<boolean>
  onDelete(): void
}) {
  const { t } = useTranslation(['console', 'console-site'], { nsMode: 'fallback' })
  const [name, setName] = useState(group.name)
  const [articles, setArticles] = useState(group.articles)
  const [articleKey, setArticleKey] = useState('')
  const [isConfirming, setIsConfirming] = useState(false)
  const label = group.name.en
  return (
    <Card>
      <form
        aria-label={t('site.menu.groupOf', { name: label })}
        className="flex flex-col gap-3"
        data-testid="menu-group"
        onSubmit={(event) => {
          event.preventDefault()
          void onSave(
            name,
            articles.map((article) => article.key),
          )
        }}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-ink-950">
            {group.name.en} · {group.name['zh-Hant']}
          </h2>
          <div className="flex gap-1">
            <Button
              type="button"
              size="sm"
              variant="ghost"
              disabled={isFirst}
              aria-label={t('site.menu.moveUp', { name: label })}
              onClick={() => onMove(-1)}
            >
              ↑
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              disabled={isLast}
              aria-label={t('site.menu.moveDown', { name: label })}
              onClick={() => onMove(1)}
            >
              ↓
            </Button>
          </div>
        </div>
        <div className="grid gap-3 md:grid-cols-2">
          <TextField
            label={t('site.menu.nameIn', { language: t('languages.en') })}
            value={name.en}
            maxLength={menuGroupNameMaxLength}
            required
            onChange={(event) => setName({ ...name, en: event.target.value })}
          />
          <TextField
            label={t('site.menu.nameIn', { language: t('languages.zh-Hant') })}
            value={name['zh-Hant']}
            maxLength={menuGroupNameMaxLength}
            required
            onChange={(event) => setName({ ...name, 'zh-Hant': event.target.value })}
          />
        </div>
        <p className="text-sm font-medium text-ink-800">{t('site.menu.articles')}</p>
        {articles.length === 0 ? <p className="text-sm text-ink-600">{t('site.menu.noArticles')}</p> : null}
        <ol className="flex flex-col gap-1">
          {articles.map((article, index) => (
            <li
              key={article.key}
              className="flex items-center justify-between gap-2 rounded-md bg-ink-50 px-3 py-1 text-sm"
            >
              <span>
                {article.title ?? t('site.menu.unpublished')}{' '}
                <span className="text-ink-500">/articles/{article.key}</span>
              </span>
              <span className="flex gap-1">
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  disabled={index === 0}
                  aria-label={t('site.menu.moveUp', { name: article.key })}
                  onClick={() => setArticles(movedInList(articles, index, -1))}
                >
                  ↑
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  disabled={index === articles.length - 1}
                  aria-label={t('site.menu.moveDown', { name: article.key })}
                  onClick={() => setArticles(movedInList(articles, index, 1))}
                >
                  ↓
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  aria-label={t('site.menu.removeArticle', { key: article.key })}
                  onClick={() => setArticles(articles.filter((item) => item.key !== article.key))}
                >
                  ×
                </Button>
              </span>
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap items-end gap-2">
          <TextField
            label={t('site.menu.articleKey')}
            hint={t('site.menu.articleKeyHint')}
            value={articleKey}
            list={articleChoicesListId}
            onChange={(event) => setArticleKey(event.target.value)}
          />
          <Button
            type="button"
            variant="secondary"
            disabled={!articleKey.trim() || articles.length >= menuGroupArticlesMax}
            onClick={() => {
              const key = articleKey.trim()
              if (!articles.some((article) => article.key === key))
                setArticles([...articles, { key, title: null }])
              setArticleKey('')
            }}
          >
            {t('site.menu.addArticle')}
          </Button>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{t('site.menu.save')}</Button>
          <Button type="button" variant="danger" onClick={() => setIsConfirming(true)}>
            {t('site.menu.delete')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('site.menu.delete')}
        description={t('site.menu.confirmDelete', { name: label })}
        confirmLabel={t('site.menu.delete')}
        isDanger
        onConfirm={() => {
          setIsConfirming(false)
          onDelete()
        }}
      />
    </Card>
  )
}
