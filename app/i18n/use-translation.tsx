/**
 * The translator in React: the entries (server and browser) provide the request's or the page's translator, and a
 * component asks for a `t` scoped to its namespaces. A `t` is the same function for the same scope, render after
 * render. Catalogs a page needs are loaded before it renders (browser-catalogs.ts), so nothing here waits.
 */
import { createContext, type ReactNode, useContext, useMemo } from 'react'
import type { TFunction, Translator } from './i18n.ts'

const TranslatorContext = createContext<Translator | null>(null)

export function TranslatorProvider({
  translator,
  children,
}: {
  translator: Translator
  children: ReactNode
}) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>
}

/**
 * `t` for the first namespace named (others by `ns:key`), or for each in turn with `nsMode: 'fallback'`; `common`
 * when none is named. `i18n` is the translator itself (its language, `exists`).
 */
export function useTranslation(
  namespaces?: string | readonly string[],
  options?: { nsMode?: 'default' | 'fallback' },
): { t: TFunction; i18n: Translator } {
  const translator = useContext(TranslatorContext)
  if (!translator) throw new Error('useTranslation outside a TranslatorProvider')
  // A list speaks its first namespace unless in fallback mode; the translator takes `common` when none is named.
  const scope =
    options?.nsMode === 'fallback' || typeof namespaces !== 'object' ? namespaces : namespaces.slice(0, 1)
  const t = translator.getFixedT(null, scope)
  return useMemo(() => ({ t, i18n: translator }), [t, translator])
}
