/**
 * Mobile numbers as the login form and the API both check them: the reader picks a country (login-countries.ts) and
 * types the national number (or a full international one starting with +); it is valid only if it is a mobile
 * number of that numbering plan, and is stored in E.164 (+85291234567).
 *
 * The one contract file that imports a library besides zod: the numbering plans are the rule itself, and the
 * browser and the API must apply the same one (libphonenumber-js with its mobile-only metadata, ~35 KB gzipped). The
 * browser fetches it with the login schemas when the login form is first used, never with a page (ADR 0011).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile'
import type { LoginCountry } from './login-countries.ts'

/** The number in E.164 when it is a valid mobile number (of `country`, unless written with a +), else undefined. */
export function toE164Mobile(country: LoginCountry, mobile: string): string | undefined {
  const text = mobile.trim()
  if (!/^\+?[\d\s\-().]{4,24}$/.test(text)) return undefined
  const parsed = parsePhoneNumberFromString(text, country)
  return parsed?.isValid() ? parsed.number : undefined
}

/** For display: the calling code, then only the last four digits (+852 ****4567). */
export function maskMobile(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164)
  const national = parsed?.nationalNumber ?? e164.replace(/\D/g, '')
  const callingCode = parsed?.countryCallingCode
  const tail = national.slice(-4)
  return callingCode ? `+${callingCode} ****${tail}` : `****${tail}`
}
