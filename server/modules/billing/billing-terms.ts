/**
 * What billing's use cases share when they answer: the member asking (a visitor gets 401), a refusal, a provider's
 * failure as the reader hears it, a catalogue price as the payments adapter charges it, and the log they write to.
 */
import { BillingErrorCode as Code } from '#contracts/billing-rules.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { PaymentProviderError, type ProviderPrice } from '#server/providers/payments/payments-provider.ts'
import type { PriceRow } from './billing.repo.ts'

export interface BillingLog {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export function conflict(code: string): AppError {
  return new AppError('conflict', code)
}

export function memberOf(reader: Reader): string {
  if (!reader.memberId) throw new AppError('unauthenticated', 'UNAUTHENTICATED')
  return reader.memberId
}

/** The provider's failure as the reader hears it: a declined card changed nothing; anything else, try again. */
export function providerFailure(error: unknown): AppError {
  if (error instanceof PaymentProviderError && error.detail.reason === 'declined')
    return new AppError('conflict', Code.paymentDeclined, { cause: error })
  return new AppError('unavailable', Code.providerFailed, { cause: error })
}

export function toProviderPrice(row: PriceRow): ProviderPrice {
  return {
    tier: row.tier,
    period: row.period,
    currency: row.currency,
    amountMinor: row.amountMinor,
    stripePriceId: row.stripePriceId,
  }
}
