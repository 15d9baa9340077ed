/**
 * The currencies a reader may count their portfolio in (issue 25). In
 * a file of their own: the portfolio page's first paint draws the choice, and portfolio-rules.ts (with the strategies'
 * guidance it imports) is for its forms and the import, fetched when they open.
 */

/** Currencies the stocks trade in (the universe's four) and the reader may count the portfolio in, plus TWD. */
export const baseCurrencies = ['USD', 'HKD', 'JPY', 'KRW', 'TWD'] as const
export type BaseCurrency = (typeof baseCurrencies)[number]
