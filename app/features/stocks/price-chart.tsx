/**
 * The price chart: daily candles, volume and the support and resistance lines, each labelled with its method.
 * lightweight-charts draws on canvas and needs a browser: the library and the daily bars (diagnosis-details.ts) are
 * fetched only when the chart comes near the screen, so neither weighs on the page's first paint; the box keeps its
 * height meanwhile, so nothing below it moves. The server and readers without JavaScript get the same facts as text
 * (PriceLevelsPanel below the chart). Rising candles are hollow and falling ones filled, so the direction reads
 * without relying on colour. On a phone the level lines carry their price on the axis only (no name over the latest
 * bars), the latest months are shown at a readable spacing, and the axis drops a corner label rather than cutting it.
 */
import type { AutoscaleInfo } from 'lightweight-charts'
import { useEffect, useRef, useState } from 'react'
import { Skeleton } from '#app/components/skeleton.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { Currency } from '#contracts/stocks.ts'
import { type DetailsSubject, useDiagnosisDetails } from './diagnosis-details.ts'
import {
  candlesOf,
  type DiagnosisLevels,
  levelLinesOf,
  levelLineTitle,
  narrowBarSpacing,
  narrowChartWidth,
  priceRangeWithLevels,
  volumesOf,
} from './price-chart-data.ts'
import { type DisplayLocale, formatDate, formatPrice } from './stock-format.ts'

const colors = {
  gain: '#0f8a4f',
  loss: '#c2352b',
  ink: '#2b3a5c',
  grid: '#eef1f6',
  support: '#0b6b66',
  resistance: '#b7791f',
}

/** How far below the screen the chart starts loading, so it is usually drawn by the time it scrolls in. */
const nearScreenMargin = '400px 0px'

/** True once the element has come within `nearScreenMargin` of the screen (at once where that cannot be known). */
function useNearScreen(element: React.RefObject<HTMLElement | null>): boolean {
  const [isNear, setIsNear] = useState(false)
  useEffect(() => {
    const target = element.current
    if (isNear || !target) return
    if (typeof IntersectionObserver === 'undefined') {
      setIsNear(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true)
      },
      { rootMargin: nearScreenMargin },
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [element, isNear])
  return isNear
}

export function PriceChart({
  subject,
  levels,
  currency,
  displayLocale,
  description,
}: {
  /** The diagnosis whose bars the chart draws. */
  subject: DetailsSubject
  levels: DiagnosisLevels
  currency: Currency
  displayLocale: DisplayLocale
  /** Text alternative of the chart for screen readers. */
  description: string
}) {
  const { t } = useTranslation(['stocks', 'stock-diagnosis'], { nsMode: 'fallback' })
  const container = useRef<HTMLDivElement>(null)
  const [drawing, setDrawing] = useState<'loading' | 'ready' | 'failed'>('loading')
  const supportTitle = t('levels.support')
  const resistanceTitle = t('levels.resistance')
  const isNear = useNearScreen(container)
  const { state: details } = useDiagnosisDetails(subject, isNear)
  const shown = details.status === 'ready' ? details.details.bars : null
  const status = details.status === 'failed' ? 'failed' : drawing

  useEffect(() => {
    if (!isNear) return
    // The library's code is fetched as soon as the chart is near, alongside the bars (a failure shows below).
    import('lightweight-charts').catch(() => undefined)
  }, [isNear])

  useEffect(() => {
    if (!shown) return
    let isCancelled = false
    let remove: (() => void) | undefined
    import('lightweight-charts')
      .then(({ createChart, CandlestickSeries, HistogramSeries, LineStyle }) => {
        const element = container.current
        if (isCancelled || !element) return
        const isNarrow = element.clientWidth < narrowChartWidth
        const chart = createChart(element, {
          autoSize: true,
          layout: {
            background: { color: '#ffffff' },
            textColor: colors.ink,
            fontFamily: getComputedStyle(document.body).fontFamily,
          },
          grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
          // entireTextOnly: a price label at the top or bottom edge is left out rather than cut in half.
          rightPriceScale: { borderVisible: false, entireTextOnly: true },
          timeScale: isNarrow
            ? { borderVisible: false, barSpacing: narrowBarSpacing, rightOffset: 1 }
            : { borderVisible: false },
          // A vertical swipe over the chart scrolls the page; a horizontal one pans the bars.
          handleScroll: { vertTouchDrag: false },
          localization: {
            locale: displayLocale,
            priceFormatter: (price: number) => formatPrice(price, currency, displayLocale),
            timeFormatter: (time: unknown) =>
              typeof time === 'string' ? formatDate(time, displayLocale) : String(time),
          },
        })
        const candles = chart.addSeries(CandlestickSeries, {
          upColor: 'rgba(0, 0, 0, 0)',
          borderUpColor: colors.gain,
          wickUpColor: colors.gain,
          downColor: colors.loss,
          borderDownColor: colors.loss,
          wickDownColor: colors.loss,
          autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
            const info = original()
            return info ? { ...info, priceRange: priceRangeWithLevels(info.priceRange, levels) } : info
          },
        })
        candles.setData(candlesOf(shown))
        const volume = chart.addSeries(HistogramSeries, {
          priceScaleId: 'volume',
          priceFormat: { type: 'volume' },
          lastValueVisible: false,
          priceLineVisible: false,
        })
        volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } })
        // The top margin keeps the highest level's axis label whole inside the chart.
        candles.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.25 } })
        volume.setData(volumesOf(shown, { up: 'rgba(15, 138, 79, 0.35)', down: 'rgba(194, 53, 43, 0.35)' }))
        for (const line of levelLinesOf(levels)) {
          candles.createPriceLine({
            price: line.level.price,
            color: line.kind === 'support' ? colors.support : colors.resistance,
            lineWidth: 2,
            lineStyle: line.kind === 'support' ? LineStyle.Dashed : LineStyle.Dotted,
            axisLabelVisible: true,
            title: levelLineTitle(line, element.clientWidth, {
              support: supportTitle,
              resistance: resistanceTitle,
            }),
          })
        }
        if (!isNarrow) chart.timeScale().fitContent()
        remove = () => chart.remove()
        setDrawing('ready')
      })
      .catch(() => {
        if (!isCancelled) setDrawing('failed')
      })
    return () => {
      isCancelled = true
      remove?.()
    }
  }, [shown, levels, currency, displayLocale, supportTitle, resistanceTitle])

  return (
    <figure className="flex flex-col gap-2">
      <div className="relative h-72 w-full sm:h-96">
        {/* The library adds its own attribution link inside, so the canvas area cannot be one image; the
            description is given as text instead. */}
        <p className="sr-only">{description}</p>
        <div ref={container} className="absolute inset-0" data-testid="price-chart" data-status={status} />
        {status === 'loading' ? <Skeleton className="absolute inset-0 h-full w-full" /> : null}
        {status === 'failed' ? (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-ink-700">
            {t('chart.failed')}
          </p>
        ) : null}
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-700">
        <span className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block h-0 w-5 border-t-2 border-dashed border-brand-700"
          />
          {t('levels.support')}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-0 w-5 border-t-2 border-dotted border-warn" />
          {t('levels.resistance')}
        </span>
        <span>{t('chart.legend')}</span>
      </figcaption>
    </figure>
  )
}
