/**
 * Long tables of a member's own stocks (the watchlist, the portfolio's holdings): the server draws the first screen
 * of rows, the browser the rest from the page's data once it has hydrated (ADR 0046).
 */
import { useSyncExternalStore } from 'react'

/** More than the first screen on any screen: a phone shows about three cards, a tall desktop window about twenty rows. */
export const serverDrawnRows = 24

const noSubscription = () => () => {}

/**
 * False in the server's render and while the page hydrates, true after (and at once on a page opened in the
 * browser): what the server drew first, and every row after.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
