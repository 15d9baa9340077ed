import { describe, expect, it } from 'vitest'
import type { EditorArticle } from '#contracts/console-rules.ts'
import {
  allowedStateActions,
  articleFiltersOf,
  auditFiltersOf,
  changeValueText,
  consolePageOf,
  consoleSectionsOf,
  documentInputOf,
  documentOf,
  emptyVersion,
  filtersSearch,
  isDraftChanged,
  newArticleDraft,
  sectionOfPage,
  wallClockText,
} from './console-view.ts'

describe('consoleSectionsOf', () => {
  it('opens the newsroom to editors and analysts, members and sign-ups to support, everything to admins', () => {
    expect(consoleSectionsOf(['editor'])).not.toContain('members')
    expect(consoleSectionsOf(['support'])).toEqual(['members', 'newsletter', 'advisers'])
    expect(consoleSectionsOf(['admin'])).toEqual(expect.arrayContaining(['members', 'newsletter', 'roles']))
    expect(consoleSectionsOf(['analyst'])).not.toContain('newsletter')
  })

  it('opens the weekly digest to editors and admins only', () => {
    expect(consoleSectionsOf(['editor'])).toContain('digest')
    expect(consoleSectionsOf(['admin'])).toContain('digest')
    for (const roles of [['analyst'], ['support']] as const)
      expect(consoleSectionsOf(roles)).not.toContain('digest')
    expect(sectionOfPage(consolePageOf('digest'))).toBe('digest')
  })

  it('opens what the chat could not answer to editors and admins only', () => {
    expect(consoleSectionsOf(['editor'])).toContain('chat-gaps')
    expect(consoleSectionsOf(['admin'])).toContain('chat-gaps')
    expect(consoleSectionsOf(['analyst'])).not.toContain('chat-gaps')
    expect(consoleSectionsOf(['support'])).not.toContain('chat-gaps')
    expect(consolePageOf('chat-gaps/')).toEqual({ page: 'chat-gaps' })
    expect(sectionOfPage({ page: 'chat-gaps' })).toBe('chat-gaps')
  })

  it("opens the analysts' desk (picks, company texts) to analysts and admins only", () => {
    for (const roles of [['analyst'], ['admin'], ['editor', 'analyst']] as const) {
      expect(consoleSectionsOf(roles)).toEqual(expect.arrayContaining(['articles', 'picks', 'company-texts']))
    }
    for (const roles of [['editor'], ['support']] as const) {
      expect(consoleSectionsOf(roles)).not.toContain('picks')
      expect(consoleSectionsOf(roles)).not.toContain('company-texts')
    }
  })

  it('opens the member benefits to whom keeps them: classroom, strategies and expert questions to analysts, advisers to support', () => {
    expect(consoleSectionsOf(['analyst'])).toEqual(
      expect.arrayContaining(['classroom', 'strategies', 'expert']),
    )
    expect(consoleSectionsOf(['analyst'])).not.toContain('advisers')
    expect(consoleSectionsOf(['support'])).not.toContain('expert')
    for (const roles of [['editor'], ['support']] as const) {
      for (const section of ['classroom', 'strategies', 'expert'] as const)
        expect(consoleSectionsOf(roles)).not.toContain(section)
    }
    expect(consoleSectionsOf(['admin'])).toEqual(
      expect.arrayContaining(['classroom', 'strategies', 'expert', 'advisers']),
    )
  })

  it("opens readers' analytics to editors and admins only", () => {
    for (const roles of [['editor'], ['admin'], ['analyst', 'editor']] as const) {
      expect(consoleSectionsOf(roles)).toContain('analytics')
    }
    for (const roles of [['analyst'], ['support'], []] as const) {
      expect(consoleSectionsOf(roles)).not.toContain('analytics')
    }
  })
})

describe('allowedStateActions', () => {
  it('follows articleStateMoves from every state', () => {
    expect(allowedStateActions('draft')).toEqual(['schedule', 'publish', 'delete'])
    expect(allowedStateActions('scheduled')).toEqual(['schedule', 'unschedule', 'publish', 'delete'])
    expect(allowedStateActions('published')).toEqual(['take_down', 'delete'])
    expect(allowedStateActions('taken_down')).toEqual(['publish', 'delete'])
    expect(allowedStateActions('deleted')).toEqual([])
  })
})

describe('article filters in the address', () => {
  const none = {
    state: null,
    locale: null,
    market: null,
    kind: null,
    topic: '',
    author: '',
    tag: '',
    q: '',
    page: 1,
  }

  it('reads known values and round-trips them', () => {
    const filters = articleFiltersOf(
      new URLSearchParams(
        'state=published&locale=zh-Hant&market=hk&kind=analysis&topic=chips&author=desk&tag=ai-chips&q=%20chips%20&page=3',
      ),
    )
    expect(filters).toEqual({
      state: 'published',
      locale: 'zh-Hant',
      market: 'hk',
      kind: 'analysis',
      topic: 'chips',
      author: 'desk',
      tag: 'ai-chips',
      q: 'chips',
      page: 3,
    })
    expect(articleFiltersOf(new URLSearchParams(filtersSearch(filters)))).toEqual(filters)
  })

  it('ignores unknown states, languages, markets, kinds, malformed keys and pages', () => {
    expect(
      articleFiltersOf(
        new URLSearchParams('state=gone&locale=fr&market=uk&kind=poem&topic=Bad%20Slug&tag=%23x&page=-2'),
      ),
    ).toEqual(none)
  })

  it('leaves empty filters and the first page out of the address', () => {
    expect(filtersSearch({ ...none, locale: 'en' })).toBe('?locale=en')
    expect(filtersSearch({ ...none, market: 'jp', tag: 'ai' })).toBe('?market=jp&tag=ai')
    expect(filtersSearch(none)).toBe('')
  })
})

describe('audit filters in the address', () => {
  it('keeps days only in YYYY-MM-DD form and round-trips', () => {
    const filters = auditFiltersOf(
      new URLSearchParams('action=role.grant&entity=role&from=2026-11-01&to=bad&page=2'),
    )
    expect(filters).toEqual({
      actor: '',
      action: 'role.grant',
      entity: 'role',
      from: '2026-11-01',
      to: '',
      page: 2,
    })
    expect(auditFiltersOf(new URLSearchParams(filtersSearch(filters)))).toEqual(filters)
  })
})

describe('documentInputOf', () => {
  const article: EditorArticle = {
    id: 7,
    key: 'chips',
    kind: 'news',
    topic: 'tech',
    market: 'us',
    author: 'desk',
    tags: [],
    stocks: [],
    menuGroups: [],
    coverUrl: '/media/covers/tech.svg',
    coverImage: null,
    versions: { en: emptyVersion(), 'zh-Hant': null },
    state: 'draft',
    revision: 2,
    publishedAt: null,
    scheduledAt: null,
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
    updatedBy: null,
  }

  it('sends a drawing by its URL and an upload by its id', () => {
    expect(documentInputOf(documentOf(article))).toMatchObject({ coverUrl: '/media/covers/tech.svg' })
    const upload = {
      id: '0b7c1c9e-8f51-4c43-9a59-2a1d0f7e1a11',
      format: 'jpeg' as const,
      width: 1600,
      height: 900,
      widths: [480],
      fallbackUrl: '/media/uploads/covers/x/480.jpeg',
      sources: [],
    }
    const input = documentInputOf({
      ...documentOf(article),
      coverImage: upload,
      coverUrl: upload.fallbackUrl,
    })
    expect(input).toMatchObject({ coverImageId: upload.id })
    expect(input).not.toHaveProperty('coverUrl')
    expect(input).not.toHaveProperty('coverImage')
  })
})

describe('changeValueText', () => {
  it('shows absent values as a dash and lists joined', () => {
    expect(changeValueText(null)).toBe('—')
    expect(changeValueText(['a', 'b'])).toBe('a, b')
    expect(changeValueText('text')).toBe('text')
  })
})

describe('consolePageOf', () => {
  it('reads the console page from the address', () => {
    expect(consolePageOf('')).toEqual({ page: 'home' })
    expect(consolePageOf('articles/')).toEqual({ page: 'articles' })
    expect(consolePageOf('articles/new')).toEqual({ page: 'article', articleId: null })
    expect(consolePageOf('articles/42')).toEqual({ page: 'article', articleId: 42 })
    expect(consolePageOf('articles/0')).toEqual({ page: 'unknown' })
    expect(consolePageOf('picks')).toEqual({ page: 'picks' })
    expect(consolePageOf('company-texts/')).toEqual({ page: 'company-texts' })
    expect(consolePageOf('roles')).toEqual({ page: 'roles' })
    expect(consolePageOf('audit')).toEqual({ page: 'audit' })
    expect(consolePageOf('members')).toEqual({ page: 'members' })
    expect(consolePageOf('members/0F8FAD5B-D9CB-469F-A165-70867728950E')).toEqual({
      page: 'member',
      memberId: '0f8fad5b-d9cb-469f-a165-70867728950e',
    })
    expect(consolePageOf('members/42')).toEqual({ page: 'unknown' })
    expect(consolePageOf('newsletter/')).toEqual({ page: 'newsletter' })
    expect(consolePageOf('analytics/')).toEqual({ page: 'analytics' })
    expect(consolePageOf('classroom')).toEqual({ page: 'classroom' })
    expect(consolePageOf('strategies/')).toEqual({ page: 'strategies' })
    expect(consolePageOf('expert')).toEqual({ page: 'expert' })
    expect(consolePageOf('advisers')).toEqual({ page: 'advisers' })
    expect(consolePageOf('advisers/x')).toEqual({ page: 'unknown' })
    expect(consolePageOf('unknown-part')).toEqual({ page: 'unknown' })
  })

  it('names the section a page needs', () => {
    expect(sectionOfPage({ page: 'article', articleId: 3 })).toBe('articles')
    expect(sectionOfPage({ page: 'audit' })).toBe('audit')
    expect(sectionOfPage({ page: 'picks' })).toBe('picks')
    expect(sectionOfPage({ page: 'analytics' })).toBe('analytics')
    expect(sectionOfPage({ page: 'expert' })).toBe('expert')
    expect(sectionOfPage({ page: 'advisers' })).toBe('advisers')
    expect(sectionOfPage({ page: 'company-texts' })).toBe('company-texts')
    expect(sectionOfPage({ page: 'member', memberId: 'x' })).toBe('members')
    expect(sectionOfPage({ page: 'newsletter' })).toBe('newsletter')
    expect(sectionOfPage({ page: 'home' })).toBeNull()
  })
})

describe('a new article', () => {
  it('starts with kind, topic, market and author unchosen', () => {
    const draft = newArticleDraft()
    expect([draft.kind, draft.topic, draft.market, draft.author]).toEqual(['', '', '', ''])
    expect(documentInputOf(draft)).toMatchObject({ kind: '', topic: '', market: '', author: '' })
  })
})

describe('isDraftChanged', () => {
  it('sees a typed change, not the order the keys came in', () => {
    const saved = newArticleDraft()
    expect(isDraftChanged(newArticleDraft(), saved)).toBe(false)
    const reordered = { ...saved, versions: { 'zh-Hant': { ...emptyVersion() }, en: { ...emptyVersion() } } }
    expect(isDraftChanged(reordered, saved)).toBe(false)
    const typed = { ...saved, versions: { ...saved.versions, en: { ...emptyVersion(), title: 'Banks' } } }
    expect(isDraftChanged(typed, saved)).toBe(true)
    expect(isDraftChanged({ ...saved, market: 'hk' }, saved)).toBe(true)
  })
})

describe('wallClockText', () => {
  it("writes the firm's wall clock as people do in each language, keeping its digits", () => {
    expect(wallClockText('2026-11-29T03:05', 'en-HK')).toMatch(/29 Nov 2026.*3:05/)
    expect(wallClockText('2026-11-29T15:05', 'zh-TW')).toMatch(/2026年11月29日.*3:05/)
    expect(wallClockText('2026-11-29T23:45', 'en-US')).toMatch(/Nov 29, 2026.*11:45\sPM/)
  })

  it('leaves what is not a datetime-local value as it is', () => {
    expect(wallClockText('', 'en-HK')).toBe('')
    expect(wallClockText('tomorrow', 'en-HK')).toBe('tomorrow')
  })
})
