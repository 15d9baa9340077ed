/**
 * The countries the login form's picker offers, in the order shown, with their calling codes: plain values without
 * the numbering plans (mobile-number.ts) or zod, so the login page draws its picker without either (ADR 0011).
 */
import type { CountryCode } from 'libphonenumber-js/mobile'

export const loginCountries = [
  { country: 'HK', callingCode: '852' },
  { country: 'TW', callingCode: '886' },
  { country: 'US', callingCode: '1' },
  { country: 'JP', callingCode: '81' },
  { country: 'KR', callingCode: '82' },
  { country: 'CN', callingCode: '86' },
  { country: 'SG', callingCode: '65' },
  { country: 'MO', callingCode: '853' },
  { country: 'MY', callingCode: '60' },
  { country: 'CA', callingCode: '1' },
  { country: 'GB', callingCode: '44' },
  { country: 'AU', callingCode: '61' },
] as const satisfies readonly { country: CountryCode; callingCode: string }[]

export type LoginCountry = (typeof loginCountries)[number]['country']
