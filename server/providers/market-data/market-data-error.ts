/**
 * The one error a market-data provider throws. Callers branch on `code`, never on the message: the message is for
 * logs and may carry the upstream's own words, which must not reach a reader.
 */

export type MarketDataErrorCode =
  /** The provider did not answer within the configured time, after every retry. */
  | 'PROVIDER_TIMEOUT'
  /** The provider kept answering 429 after every retry. */
  | 'PROVIDER_RATE_LIMITED'
  /** The provider answered 5xx, or the connection failed, after every retry. */
  | 'PROVIDER_UNAVAILABLE'
  /** The provider answered, but not in the shape we read. */
  | 'PROVIDER_BAD_RESPONSE'
  /** The provider does not know the company's symbol. */
  | 'SYMBOL_NOT_FOUND'
  /** The configuration names a provider this build cannot serve. */
  | 'PROVIDER_NOT_AVAILABLE'

export class MarketDataError extends Error {
  readonly code: MarketDataErrorCode

  constructor(code: MarketDataErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'MarketDataError'
    this.code = code
  }
}

export function isMarketDataError(error: unknown): error is MarketDataError {
  return error instanceof MarketDataError
}
