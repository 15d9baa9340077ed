/**
 * Security headers for pages (pages bypass Fastify's hooks, so they are set here) and the policy's sources.
 * Scripts run only with the per-request nonce ('strict-dynamic' lets our own scripts load the live-chat widget).
 */
import type { Config } from '#server/config.ts'

function originOf(url: string | undefined): string[] {
  if (!url) return []
  try {
    return [new URL(url).origin]
  } catch {
    return []
  }
}

/** The video players a classroom lesson embeds (server/modules/classroom/classroom-video.ts builds their URLs). */
export const videoPlayerOrigins = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com']

export function contentSecurityPolicy(config: Config, nonce: string, { isDevelopment = false } = {}): string {
  const liveChat = originOf(config.liveChat.scriptUrl)
  const analytics = originOf(config.analyticsScriptUrl)
  const fonts = originOf(config.fontStylesheetUrl)
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...liveChat, ...analytics],
    'style-src': ["'self'", "'unsafe-inline'", ...fonts, ...liveChat],
    'font-src': ["'self'", 'data:', 'https:'],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'connect-src': [
      "'self'",
      ...liveChat,
      ...analytics,
      ...(liveChat.length > 0 ? ['wss:'] : []),
      ...(isDevelopment ? ['ws:'] : []),
    ],
    // The service worker (public/sw.js) and the web app manifest are this site's own files (ADR 0044).
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': ["'self'", ...liveChat, ...videoPlayerOrigins],
    'media-src': ["'self'", ...liveChat],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

export function pageSecurityHeaders(
  config: Config,
  nonce: string,
  isDevelopment: boolean,
): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config, nonce, { isDevelopment }),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    'cross-origin-opener-policy': 'same-origin',
    ...(config.isHttps ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  }
}
