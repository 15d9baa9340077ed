/**
 * The form that adds or edits one transaction, in a dialog: the stock from our universe (the site's combobox), the
 * type, the date, and the figures the type needs — shares, price and fees for a buy or sell, the cash of a dividend,
 * the ratio of a split. A holding the reader already owns is entered as a buy. The server decides whether it fits
 * the ledger (no sell of shares not held) and says why not; its reason is shown beside the field it is about.
 */
import { type FormEvent, useState } from 'react'
import { ApiError } from '#app/api/api-client.ts'
import { Button } from '#app/components/button.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { type PickedStock, StockCombobox } from '#app/features/stocks/stock-combobox.tsx'
import { formatCount } from '#app/features/stocks/stock-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import {
  PortfolioErrorCode,
  type PortfolioTransaction,
  type TransactionKind,
  transactionKinds,
} from '#contracts/portfolio-rules.ts'
import { saveTransaction } from './portfolio-api.ts'

type Field = 'stock' | 'tradeDate' | 'quantity' | 'price' | 'fee' | 'amount' | 'form'

const fieldOfCode: Record<string, Field> = {
  [PortfolioErrorCode.stockUnknown]: 'stock',
  [PortfolioErrorCode.dateInvalid]: 'tradeDate',
  [PortfolioErrorCode.quantityInvalid]: 'quantity',
  [PortfolioErrorCode.priceInvalid]: 'price',
  [PortfolioErrorCode.amountInvalid]: 'amount',
}

export function TransactionForm({
  editing,
  today,
  transactionLimit,
  onSaved,
  onCancel,
}: {
  editing: PortfolioTransaction | null
  today: string
  /** Transactions the reader's plan keeps: the number the "portfolio is full" message says. */
  transactionLimit: number
  onSaved(): void
  onCancel(): void
}) {
  const { t, i18n } = useTranslation(['portfolio', 'errors', 'stocks'])
  const [stock, setStock] = useState<PickedStock | null>(
    editing
      ? { market: editing.market, code: editing.code, nameEn: editing.name, nameZh: editing.name }
      : null,
  )
  const [stockText, setStockText] = useState('')
  const [kind, setKind] = useState<TransactionKind>(editing?.kind ?? 'buy')
  const [tradeDate, setTradeDate] = useState(editing?.tradeDate ?? today)
  const shown = (value: number | undefined) => (value ? String(value) : '')
  const [quantity, setQuantity] = useState(editing?.kind === 'dividend' ? '' : shown(editing?.quantity))
  const [price, setPrice] = useState(shown(editing?.price))
  const [fee, setFee] = useState(shown(editing?.fee))
  const [amount, setAmount] = useState(shown(editing?.amount))
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [isSaving, setIsSaving] = useState(false)
  const isTrade = kind === 'buy' || kind === 'sell'

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!stock) {
      setErrors({ stock: t('portfolio:form.chooseStock') })
      return
    }
    setErrors({})
    setIsSaving(true)
    try {
      await saveTransaction(
        {
          kind,
          market: stock.market,
          code: stock.code,
          tradeDate,
          quantity: kind === 'dividend' ? 0 : Number(quantity),
          price: isTrade ? Number(price) : 0,
          fee: isTrade ? Number(fee || 0) : 0,
          amount: kind === 'dividend' ? Number(amount) : 0,
        },
        editing?.id,
      )
      onSaved()
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR'
      const text = t(i18n.exists(`errors:${code}`) ? `errors:${code}` : 'errors:INTERNAL_ERROR', {
        max: formatCount(transactionLimit, i18n.language === 'zh-Hant' ? 'zh-TW' : 'en-US'),
      })
      setErrors({ [fieldOfCode[code] ?? 'form']: text })
    } finally {
      setIsSaving(false)
    }
  }

  const isZh = i18n.language === 'zh-Hant'
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t(editing ? 'portfolio:form.editTitle' : 'portfolio:form.addTitle')}
    >
      <p className="text-sm text-ink-700">{t('portfolio:form.holdingHint')}</p>
      {stock ? (
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm font-medium text-ink-800">{t('portfolio:form.chosen')}</span>
          <span className="font-semibold text-ink-950" data-testid="portfolio-chosen-stock">
            {isZh ? stock.nameZh : stock.nameEn} · {stock.code}
          </span>
          {editing ? null : (
            <Button variant="ghost" size="sm" onClick={() => setStock(null)}>
              {t('portfolio:form.change')}
            </Button>
          )}
          {errors.stock ? (
            <p role="alert" className="w-full text-sm text-loss">
              {errors.stock}
            </p>
          ) : null}
        </div>
      ) : (
        <StockCombobox
          label={t('portfolio:form.stock')}
          text={stockText}
          onTextChange={setStockText}
          onChoose={(row) => {
            setStockText('')
            setStock(row)
            setErrors((current) => ({ ...current, stock: undefined }))
          }}
          placeholder={t('stocks:stockPicker.placeholder')}
          noneText={t('stocks:stockPicker.none')}
          error={errors.stock}
        />
      )}
      <div className="grid grid-cols-2 gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-ink-800">
          {t('portfolio:form.kind')}
          <select
            value={kind}
            onChange={(event) => setKind(event.target.value as TransactionKind)}
            className="h-10 rounded-lg border border-ink-300 bg-white px-3 text-sm text-ink-900"
          >
            {transactionKinds.map((option) => (
              <option key={option} value={option}>
                {t(`portfolio:kinds.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label={t('portfolio:form.date')}
          type="date"
          max={today}
          value={tradeDate}
          onChange={(event) => setTradeDate(event.target.value)}
          error={errors.tradeDate}
          required
        />
        {kind === 'dividend' ? (
          <TextField
            label={t('portfolio:form.amount')}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={errors.amount}
            className="col-span-2"
          />
        ) : (
          <TextField
            label={t(kind === 'split' ? 'portfolio:form.splitRatio' : 'portfolio:form.quantity')}
            inputMode="decimal"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            error={errors.quantity}
            className={kind === 'split' ? 'col-span-2' : ''}
          />
        )}
        {isTrade ? (
          <>
            <TextField
              label={t('portfolio:form.price')}
              inputMode="decimal"
              value={price}
              onChange={(event) => setPrice(event.target.value)}
              error={errors.price}
            />
            <TextField
              label={t('portfolio:form.fee')}
              inputMode="decimal"
              value={fee}
              onChange={(event) => setFee(event.target.value)}
              error={errors.fee}
            />
          </>
        ) : null}
      </div>
      {errors.form ? (
        <p role="alert" className="rounded-lg border border-loss px-3 py-2 text-sm text-loss">
          {errors.form}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('portfolio:form.cancel')}
        </Button>
        <Button type="submit" isLoading={isSaving}>
          {t('portfolio:form.save')}
        </Button>
      </div>
    </form>
  )
}
