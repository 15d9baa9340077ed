import { describe, expect, it } from 'vitest'
import { lessonVideoOf } from './classroom-video.ts'

describe('lessonVideoOf', () => {
  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
  ])('embeds %s as a player built from its id', (url, embedUrl) => {
    expect(lessonVideoOf(url)).toMatchObject({ kind: 'embed', embedUrl, url })
  })

  it.each([
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://evil.example.com/youtube.com/watch?v=dQw4w9WgXcQ',
    'https://vimeo.com/channels/staffpicks',
    'https://videos.example.com/lesson.mp4',
  ])('shows %s as a link, never as a frame', (url) => {
    expect(lessonVideoOf(url)).toEqual({ kind: 'link', url })
  })

  it('shows nothing for an address that is not https', () => {
    expect(lessonVideoOf('http://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull()
    expect(lessonVideoOf(null)).toBeNull()
  })
})
