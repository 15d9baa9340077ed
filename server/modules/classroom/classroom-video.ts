/**
 * How a lesson's video is shown: a YouTube or Vimeo address becomes an embedded player whose URL the server builds
 * from the video id alone (YouTube's privacy-enhanced youtube-nocookie.com host, so watching sets no tracking
 * cookie before play), and anything else stays a link. The id is checked against the provider's own alphabet, so
 * nothing an analyst types reaches the frame's address but the id. The site's Content-Security-Policy lets these
 * two player hosts into frames (server/http/security-headers.ts `videoPlayerOrigins`).
 */
import type { LessonVideo } from '#contracts/classroom-rules.ts'

const youtubeId = /^[A-Za-z0-9_-]{11}$/
const vimeoId = /^\d{6,12}$/

function youtubeIdOf(url: URL): string | null {
  const host = url.hostname.toLowerCase().replace(/^www\.|^m\./, '')
  let id: string | null = null
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0] ?? null
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') id = url.searchParams.get('v')
    else {
      const match = /^\/(?:embed|shorts|live)\/([^/]+)/.exec(url.pathname)
      id = match?.[1] ?? null
    }
  }
  return id && youtubeId.test(id) ? id : null
}

function vimeoIdOf(url: URL): string | null {
  const host = url.hostname.toLowerCase().replace(/^www\./, '')
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return null
  const match = /^\/(?:video\/)?(\d+)(?:\/|$)/.exec(url.pathname)
  const id = match?.[1] ?? null
  return id && vimeoId.test(id) ? id : null
}

export function lessonVideoOf(address: string | null): LessonVideo | null {
  if (!address) return null
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return null
  }
  if (url.protocol !== 'https:') return null
  const youtube = youtubeIdOf(url)
  if (youtube)
    return {
      kind: 'embed',
      provider: 'youtube',
      embedUrl: `https://www.youtube-nocookie.com/embed/${youtube}`,
      url: address,
    }
  const vimeo = vimeoIdOf(url)
  if (vimeo)
    return {
      kind: 'embed',
      provider: 'vimeo',
      embedUrl: `https://player.vimeo.com/video/${vimeo}?dnt=1`,
      url: address,
    }
  return { kind: 'link', url: address }
}
