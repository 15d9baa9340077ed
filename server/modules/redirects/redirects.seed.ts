/**
 * Redirects every site starts with: short and legacy paths readers type or old links use. Operators add more with
 * `npm run ops -- redirect:set`; seeding never overwrites a rule the operator changed.
 */
export const defaultRedirects: { fromPath: string; toLocation: string; statusCode: 301 | 302 }[] = [
  { fromPath: '/about', toLocation: '/about-us', statusCode: 301 },
  { fromPath: '/contact', toLocation: '/contact-us', statusCode: 301 },
  { fromPath: '/privacy', toLocation: '/privacy-policy', statusCode: 301 },
  { fromPath: '/terms', toLocation: '/user-agreement', statusCode: 301 },
  { fromPath: '/cookies', toLocation: '/cookie-policy', statusCode: 301 },
  { fromPath: '/history', toLocation: '/company-history', statusCode: 301 },
  { fromPath: '/disclaimer', toLocation: '/description', statusCode: 301 },
  { fromPath: '/login', toLocation: '/member/login', statusCode: 302 },
]
