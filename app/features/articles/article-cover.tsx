/**
 * An article's cover on its page. An uploaded cover (`coverImage`) is offered in every size and format it was made
 * in (AVIF, WebP, then its own), so the browser fetches the smallest file it can show sharply; a drawing is one SVG.
 */
import type { ArticleDetail } from '#contracts/articles.ts'

/** The text column beside the 20rem sidebar is at most about 870 CSS pixels wide; below lg it is the screen's width. */
const coverSizes = '(min-width: 1024px) 870px, 100vw'

export function ArticleCover({ article }: { article: Pick<ArticleDetail, 'coverUrl' | 'coverImage'> }) {
  const className = 'my-6 aspect-video w-full rounded-card bg-ink-50 object-cover'
  const image = article.coverImage
  if (!image) return <img src={article.coverUrl} alt="" width={1200} height={675} className={className} />
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={coverSizes} />
      ))}
      <img
        src={image.fallbackUrl}
        alt=""
        width={image.width}
        height={image.height}
        className={className}
        data-testid="article-cover"
      />
    </picture>
  )
}
