import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { createTranslator } from './i18n.ts'
import { Trans } from './trans.tsx'
import { TranslatorProvider, useTranslation } from './use-translation.tsx'

const translator = createTranslator('en', {
  common: { title: 'Tickerwise' },
  account: {
    agreement: 'I agree to the <terms>Service Agreement</terms> and the <privacy>Privacy Policy</privacy>.',
    only: 'Account words',
  },
  errors: { only: 'Error words', NOT_FOUND: 'Not found' },
})

function Words({ namespaces, fallback }: { namespaces?: string | string[]; fallback?: boolean }) {
  const { t } = useTranslation(namespaces, fallback ? { nsMode: 'fallback' } : undefined)
  return (
    <p>
      {t('title')}|{t('only')}|{t('NOT_FOUND')}|{t('errors:NOT_FOUND')}
    </p>
  )
}

const render = (element: ReactElement) =>
  renderToStaticMarkup(<TranslatorProvider translator={translator}>{element}</TranslatorProvider>)

describe('useTranslation', () => {
  it('speaks common when no namespace is named, the first one named, or each in turn in fallback mode', () => {
    expect(render(<Words />)).toBe('<p>Tickerwise|only|NOT_FOUND|Not found</p>')
    expect(render(<Words namespaces={['account', 'errors']} />)).toBe(
      '<p>title|Account words|NOT_FOUND|Not found</p>',
    )
    expect(render(<Words namespaces={['errors', 'account']} fallback />)).toBe(
      '<p>title|Error words|Not found|Not found</p>',
    )
  })

  it('says where it is missing its provider', () => {
    expect(() => renderToStaticMarkup(<Words />)).toThrow('useTranslation outside a TranslatorProvider')
  })
})

describe('Trans', () => {
  it('puts the elements a message marks in their place, with the words the message gives them', () => {
    const t = translator.getFixedT(null, 'account')
    expect(
      renderToStaticMarkup(
        <Trans
          t={t}
          i18nKey="agreement"
          components={{
            terms: <a href="/user-agreement">x</a>,
            privacy: <a href="/privacy-policy">x</a>,
          }}
        />,
      ),
    ).toBe(
      'I agree to the <a href="/user-agreement">Service Agreement</a> and the <a href="/privacy-policy">Privacy Policy</a>.',
    )
  })
})
