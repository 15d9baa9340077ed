/**
 * The home page's lists on a phone: a horizontal row of cards that snaps card by card, with the next card peeking in
 * so the reader sees there is more. One card tall instead of one card per item, which kept the home page about
 * eighteen screens tall at 360 px (issue 9). From the small tablet up each list is its own grid again: add `sm:grid`
 * and its columns beside this class list. `relative` keeps absolutely positioned children (screen-reader-only text)
 * inside the row's clipping, where they would otherwise widen the page.
 */
export const phoneScrollerClassName =
  'relative flex snap-x snap-mandatory gap-3 overflow-x-auto overscroll-x-contain scroll-px-4 -mx-4 px-4 pb-2 *:w-[82%] *:max-w-80 *:shrink-0 *:snap-start sm:mx-0 sm:overflow-visible sm:px-0 sm:pb-0 sm:*:w-auto sm:*:max-w-none'
