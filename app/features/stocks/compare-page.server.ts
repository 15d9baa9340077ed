/**
 * The server half of /compare: reads the stocks from the URL (contracts/compare-rules.ts), finds each one (a code
 * or name in either language; a guess from a misspelling is not taken: the reader hears the code is unknown), and
 * answers the canonical address when the URL said it another way (the plain form's `add=` box, a bare code, a
 * repeat). A code it cannot find, or more than four stocks, becomes a message in the reader's language beside the
 * chosen stocks (status 400), never a failed page; fewer than two is the page's own invitation to add one. The page
 * is the same for every reader, which is what lets the page cache keep it.
 */
import { data, redirect } from 'react-router'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import type { RequestContext } from '#app/request-context.ts'
import type { CompareAnswer } from '#contracts/compare.ts'
import { compareHref } from '#contracts/compare-href.ts'
import {
  CompareErrorCode,
  type CompareKey,
  compareCountProblem,
  compareMax,
  compareMin,
  compareTokenMaxLength,
  compareTokenOf,
  compareTokensOf,
  isSameStock,
} from '#contracts/compare-rules.ts'
import { isServiceError } from '#contracts/service-error.ts'

/** Tokens past this many are not looked up: the answer is "too many" whatever they name. */
const lookedUpMax = compareMax * 2

/** One stock the address names, as the page lists it: found (its key and name) or not. */
export interface ChosenStock {
  /** How the address names it (`us:AAPL`, or the text as typed when it is unknown). */
  token: string
  key: CompareKey | null
  name: string | null
}

export async function loadComparePage(
  request: Request,
  context: Pick<RequestContext, 'services' | 'locale'>,
) {
  const { services, locale } = context
  const t = getServerTranslator(locale).t
  const url = new URL(request.url)
  const tokens = compareTokensOf(url.searchParams)
  const base = { title: t('compare:title'), description: t('compare:metaDescription') }

  const chosen: ChosenStock[] = []
  const problems: string[] = []
  for (const token of tokens.slice(0, lookedUpMax)) {
    const match =
      token.code.length <= compareTokenMaxLength
        ? await services.stocks.findStock(token.code, token.market ?? undefined)
        : null
    if (!match || match.matchedBy === 'fuzzy') {
      chosen.push({ token: token.text, key: null, name: null })
      problems.push(t(`compare:problems.${CompareErrorCode.unknown}`, { code: token.text }))
      continue
    }
    const key = { market: match.market, code: match.code }
    if (chosen.some((other) => other.key && isSameStock(other.key, key))) continue
    chosen.push({ token: compareTokenOf(key), key, name: locale === 'en' ? match.nameEn : match.nameZh })
  }
  const keys = chosen.flatMap((stock) => (stock.key ? [stock.key] : []))
  const countProblem = compareCountProblem(tokens.length > lookedUpMax ? tokens.length : keys.length)
  if (countProblem === CompareErrorCode.tooMany) {
    problems.push(t(`compare:problems.${countProblem}`, { max: compareMax }))
  }

  // Said another way (a bare code, the add box, a repeat): the one address of this comparison.
  if (problems.length === 0) {
    const canonical = compareHref(keys)
    // Compared as parameters, not text: a form sends `us%3AAAPL`, a link `us:AAPL`; the same address either way.
    const asked = new URLSearchParams(url.search)
    asked.delete('_routes')
    const wanted = new URLSearchParams(canonical.slice('/compare'.length))
    if (asked.toString() !== wanted.toString()) return redirect(canonical, 302)
  }

  const page = { ...base, chosen, problems, answer: null as CompareAnswer | null, isTooFew: false }
  if (problems.length > 0) return data(page, { status: 400 })
  if (countProblem === CompareErrorCode.tooFew) return data({ ...page, isTooFew: true, min: compareMin })
  try {
    const answer = await services.stocks.compareStocks(keys, locale)
    return data({ ...page, answer })
  } catch (error) {
    if (!isServiceError(error)) throw error
    const message = t(`errors:${error.code}`, { defaultValue: t('errors:DIAGNOSIS_FAILED') })
    return data({ ...page, problems: [message] }, { status: isServiceError(error, 'not_found') ? 404 : 503 })
  }
}
