/**
 * The compare page's stocks: each chosen one with a link that removes it, and the add box, a plain GET form
 * (`/compare?codes=…&add=…`, which the loader turns into the comparison's address) that works without JavaScript,
 * enhanced into the stock combobox: choosing a suggestion opens the comparison with that stock added.
 */
import { useState } from 'react'
import { Form, useNavigate } from 'react-router'
import { Button } from '#app/components/button.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { CompareKey } from '#contracts/compare-rules.ts'
import { compareMax, compareTokenOf, compareTokensHref } from '#contracts/compare-rules.ts'
import { StockCombobox } from './stock-combobox.tsx'

export interface PickerStock {
  token: string
  key: CompareKey | null
  name: string | null
}

export function ComparePicker({ chosen }: { chosen: readonly PickerStock[] }) {
  const { t } = useTranslation('compare')
  const navigate = useNavigate()
  const tokens = chosen.map((stock) => stock.token)
  const [text, setText] = useState('')
  const found = chosen.filter((stock) => stock.key !== null).length
  const isFull = found >= compareMax

  return (
    <section
      aria-labelledby="compare-picker"
      className="flex flex-col gap-3 rounded-card border border-ink-100 bg-white p-4"
    >
      <h2 id="compare-picker" className="font-semibold text-ink-950">
        {t('picker.heading')}
      </h2>
      {chosen.length === 0 ? (
        <p className="text-sm text-ink-700">{t('picker.none')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" data-testid="compare-chosen">
          {chosen.map((stock, index) => {
            const name = stock.name ?? stock.token
            return (
              <li
                key={stock.token}
                className="flex items-center gap-2 rounded-full border border-ink-300 bg-ink-50 py-1 ps-3 pe-1 text-sm"
              >
                <span className={stock.key ? 'text-ink-900' : 'text-loss'}>
                  {stock.key ? `${name} · ${stock.key.code}` : `${name} (${t('picker.unknown')})`}
                </span>
                <PageLink
                  to={compareTokensHref(tokens.filter((_, other) => other !== index))}
                  className="inline-flex size-7 items-center justify-center rounded-full text-ink-700 hover:bg-ink-100 hover:text-ink-950"
                  aria-label={t('picker.remove', { name })}
                >
                  <span aria-hidden="true">×</span>
                </PageLink>
              </li>
            )
          })}
        </ul>
      )}
      {isFull ? (
        <p className="text-sm text-ink-700">{t('picker.full', { max: compareMax })}</p>
      ) : (
        <Form
          method="get"
          action="/compare"
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          data-testid="compare-add"
        >
          {tokens.length > 0 ? <input type="hidden" name="codes" value={tokens.join(',')} /> : null}
          <StockCombobox
            className="flex-1 sm:max-w-md"
            label={t('picker.add')}
            name="add"
            text={text}
            onTextChange={setText}
            onChoose={(row) => {
              setText('')
              navigate(compareTokensHref([...tokens, compareTokenOf({ market: row.market, code: row.code })]))
            }}
            isSubmittedByEnter
            placeholder={t('picker.placeholder')}
            noneText={t('picker.noSuggestions')}
            listLabel={t('picker.suggestions')}
            countText={(count) => t('picker.count', { count })}
          />
          <Button type="submit">{t('picker.submit')}</Button>
        </Form>
      )}
    </section>
  )
}
