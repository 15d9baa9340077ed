/** The reader's portfolio's transactions a page at a time (issue 25; contracts/portfolio.ts lists the route). */

/**
 * How the transactions are listed: the latest few in the portfolio answer (the page's first screen), older ones a
 * page at a time. In a file of its own: the chat page carries portfolio-rules.ts (its import), only the portfolio page
 * carries these.
 */
export const transactionPages = {
  /** The latest transactions the portfolio answer lists. */
  listed: 20,
  /** Transactions one "show more" reads. */
  page: 50,
  /** Transactions one request of the list reads at most. */
  pageMax: 100,
} as const
