/**
 * The installed site's web app manifest, one per regional site in its language (each site is its own origin, so
 * its own installed app). Starts at the home page and stays within the site; the icons are drawn by
 * scripts/make-app-icons.ts. No `start_url` query: the page cache keys by the whole URL and the home page is kept.
 */
import type { TFunction } from '#app/i18n/i18n.ts'
import type { Locale } from '#contracts/regions.ts'
import { themeColor } from './web-app-paths.ts'

const backgroundColor = '#f4f6fa'

/** `t` speaks the `web-app` namespace. */
export function webAppManifest(locale: Locale, t: TFunction) {
  return {
    id: '/',
    name: t('manifest.name'),
    short_name: t('manifest.shortName'),
    description: t('manifest.description'),
    lang: locale,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: themeColor,
    background_color: backgroundColor,
    categories: ['finance', 'business', 'news'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  }
}
