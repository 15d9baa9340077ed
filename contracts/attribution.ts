/**
 * Where a visit came from (spec §2, route check 2): the external referrer, the first page of the visit and the
 * search keyword from a search engine's referrer URL. Kept one hour in cookies that the API client forwards as
 * RefererVal / LandingVal, so sign-ups can be attributed. First touch: a value the visit has is never replaced; an
 * external referrer arriving later in a visit that had none fills it in.
 */

const keywordParameters = ['q', 'query', 'wd', 'word', 'p', 'keyword', 'text', 'k']

export function searchKeywordOf(referrer: URL): string | undefined {
  for (const name of keywordParameters) {
    const value = referrer.searchParams.get(name)?.trim()
    if (value) return value.slice(0, 100)
  }
  return undefined
}

export interface Attribution {
  referer?: string
  landing?: string
  searchKey?: string
}

/** The attribution to record for this request, given what the cookies already hold. */
export function attributionFor(
  request: { url: URL; referer: string | null; siteHostnames: string[] },
  existing: Attribution,
): Attribution {
  const next: Attribution = {}
  if (!existing.landing) next.landing = `${request.url.pathname}${request.url.search}`.slice(0, 500)
  if (request.referer && !existing.referer) {
    let referrer: URL | undefined
    try {
      referrer = new URL(request.referer)
    } catch {
      referrer = undefined
    }
    const isExternal = referrer && !request.siteHostnames.includes(referrer.hostname)
    if (referrer && isExternal) {
      next.referer = referrer.href.slice(0, 500)
      const keyword = searchKeywordOf(referrer)
      if (keyword) next.searchKey = keyword
    }
  }
  return next
}
