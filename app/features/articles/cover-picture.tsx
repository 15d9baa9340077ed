/**
 * An article's cover on a card. An uploaded cover (`coverImage`) is offered in every size and format it was made
 * in (AVIF, WebP, then its own), so the browser fetches the smallest file it can show sharply for the width the
 * card has (`sizes`); a drawing is one SVG. Width and height are always set, so the card's picture box is known
 * before the file arrives and nothing below it moves. Cards are mostly below the first screen, so the browser
 * fetches their pictures only as they come near (`loading="lazy"`); the one card whose picture is the largest thing
 * on the first screen (home's first on a phone) asks for it at once and ahead of the page's other images.
 */
import type { ArticleSummary } from '#contracts/articles.ts'

export function CoverPicture({
  article,
  sizes,
  className,
  priority = false,
}: {
  article: Pick<ArticleSummary, 'coverUrl' | 'coverImage'>
  /** The width the layout gives the picture at each screen width (the `sizes` attribute). */
  sizes: string
  className: string
  /** The picture is the first screen's largest: fetched eagerly and first (the page's LCP). */
  priority?: boolean
}) {
  const image = article.coverImage
  // A drawing is drawn at 16:9 like the card's box; an upload's own size gives its proportions.
  const img = (src: string, width: number, height: number) => (
    <img
      src={src}
      alt=""
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      className={className}
      data-testid="card-cover"
    />
  )
  if (!image) return img(article.coverUrl, 320, 180)
  return (
    <picture className="contents">
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img(image.fallbackUrl, image.width, image.height)}
    </picture>
  )
}
