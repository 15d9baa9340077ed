/**
 * The page the service worker shows when a navigation fails offline (public/sw.js keeps it from install). One
 * document with its own styles and no scripts: it must draw without the network, whatever page it stands in for,
 * and hydrating React Router on another page's URL would fail. Its links go back through the network.
 */
import type { TFunction } from '#app/i18n/i18n.ts'
import type { Locale } from '#contracts/regions.ts'
import { themeColor } from './web-app-paths.ts'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

/** Its own policy: no scripts at all, styles inline, images of this site. */
export const offlinePagePolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/** `t` speaks the `web-app` namespace. */
export function offlinePageHtml(locale: Locale, t: TFunction): string {
  const text = (key: string) => escapeHtml(t(`offline.${key}`))
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${themeColor}">
<meta name="robots" content="noindex">
<title>${text('title')} · ${escapeHtml(t('common:siteName'))}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f6fa;color:#0b1220;font-family:system-ui,-apple-system,"Segoe UI","Noto Sans TC","PingFang TC",sans-serif}
main{max-width:28rem;margin:1.5rem;padding:2rem;background:#fff;border:1px solid #e6eaf2;border-radius:1rem;text-align:center}
img{width:3.5rem;height:3.5rem}
h1{font-size:1.5rem;margin:1rem 0 .5rem}
p{color:#1c2842;line-height:1.6;margin:0 0 1.5rem}
a{display:inline-block;margin:.25rem;padding:.625rem 1.25rem;border-radius:.5rem;font-weight:600;text-decoration:none}
a.primary{background:#0d817a;color:#fff}
a.secondary{color:#0b6b66;border:1px solid #a9b4c9}
a:focus-visible{outline:2px solid #0d817a;outline-offset:2px}
</style>
</head>
<body>
<main data-testid="offline-page">
<img src="/favicon.svg" alt="">
<h1>${text('title')}</h1>
<p>${text('text')}</p>
<a class="primary" href="">${text('retry')}</a>
<a class="secondary" href="/">${text('home')}</a>
</main>
</body>
</html>
`
}
