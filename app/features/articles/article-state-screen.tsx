/** The content states of spec §4/§8 as screens: 'Content is empty', 'Content has been deleted', 'The content has been removed'. */

import { __iconData as fileXCornerShape } from 'lucide-react/icons/file-x-corner'
import { Link } from 'react-router'
import { buttonClassName } from '#app/components/button.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'

const FileX2 = outlineIcon(fileXCornerShape)

export type ArticleStateKind = 'empty' | 'deleted' | 'taken-down'

const messageKeys: Record<ArticleStateKind, string> = {
  empty: 'states.empty',
  deleted: 'states.deleted',
  'taken-down': 'states.takenDown',
}

export function ArticleStateMessage({
  state,
  headingLevel = 1,
}: {
  state: ArticleStateKind
  headingLevel?: 1 | 2
}) {
  const { t } = useTranslation('articles')
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <section
      className="flex flex-col items-center gap-4 rounded-card border border-dashed border-ink-300 bg-white px-6 py-12 text-center"
      aria-label={t(messageKeys[state])}
      data-testid="article-state"
    >
      <FileX2 className="size-10 text-ink-500" aria-hidden="true" />
      <Heading className="text-xl font-semibold text-ink-950">{t(messageKeys[state])}</Heading>
      <p className="max-w-md text-sm text-ink-700">
        {state === 'empty' ? t('states.emptyHint') : t('states.goneHint')}
      </p>
      <Link to="/articles" className={buttonClassName('secondary')}>
        {t('states.backToArticles')}
      </Link>
    </section>
  )
}

/** A whole screen for an article that is gone (410). */
export function ArticleGoneScreen({ state }: { state: 'deleted' | 'taken-down' }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <ArticleStateMessage state={state} />
    </div>
  )
}
