/** The browser's calls of the reader's portfolio (contracts/portfolio.ts), through the shared client. */
import { api, dataOf } from '#app/api/api-client.ts'
import type { BaseCurrency } from '#contracts/base-currencies.ts'
import type {
  ImportMapping,
  ImportPreview,
  ImportResult,
  PortfolioTransaction,
  TransactionKind,
} from '#contracts/portfolio-rules.ts'
import type { Market } from '#contracts/regions.ts'

export interface TransactionDraft {
  kind: TransactionKind
  market: Market
  code: string
  tradeDate: string
  quantity: number
  price: number
  fee: number
  amount: number
}

export async function saveTransaction(draft: TransactionDraft, id?: string): Promise<PortfolioTransaction> {
  const path = id
    ? `/member/portfolio/transactions/${encodeURIComponent(id)}`
    : '/member/portfolio/transactions'
  return dataOf(await api.post<PortfolioTransaction>(path, draft))
}

export async function deleteTransaction(id: string): Promise<void> {
  dataOf(await api.delete(`/member/portfolio/transactions/${encodeURIComponent(id)}`))
}

export async function chooseBaseCurrency(baseCurrency: BaseCurrency): Promise<void> {
  dataOf(await api.post('/member/portfolio/settings', { baseCurrency }))
}

export async function deletePortfolio(): Promise<void> {
  dataOf(await api.delete('/member/portfolio'))
}

export async function previewImport(text: string, mapping?: ImportMapping): Promise<ImportPreview> {
  return dataOf(await api.post<ImportPreview>('/member/portfolio/import/preview', { text, mapping }))
}

export async function importCsv(
  text: string,
  mapping: ImportMapping,
  skipRejected: boolean,
): Promise<ImportResult> {
  return dataOf(await api.post<ImportResult>('/member/portfolio/import', { text, mapping, skipRejected }))
}
