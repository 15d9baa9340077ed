/**
 * The seed corpus: the original articles, authors, topics, tags and menu groups a fresh site starts with, read
 * from this folder and checked before anything is stored. Decides the shape of seed data and what makes it valid:
 * every reference resolves (author, topic, tags, cover, menu articles), every key is unique, and the two language
 * versions of an article agree on everything except their text. Leaves to the articles module how seed data
 * becomes rows, and to the articles service which states a reader may see.
 *
 * Layout: `articles/<locale>/<key>.md` (front matter + Markdown body, see seed-front-matter.ts), `covers/*.svg`,
 * and the typed metadata modules seed-authors.ts, seed-topics.ts, seed-tags.ts and seed-menu-groups.ts.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { Locale, locales, Market } from '#contracts/regions.ts'
import { seedAuthors } from './seed-authors.ts'
import { parseSeedFile } from './seed-front-matter.ts'
import { seedMenuGroups } from './seed-menu-groups.ts'
import { seedTags } from './seed-tags.ts'
import { seedTopics } from './seed-topics.ts'

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const Slug = z.string().regex(slugPattern, 'must be a lower-case ASCII slug (a-z, 0-9, single hyphens)')

export const SeedLocalizedText = z.strictObject({
  en: z.string().trim().min(1),
  'zh-Hant': z.string().trim().min(1),
})
export type SeedLocalizedText = z.infer<typeof SeedLocalizedText>

const CoverFileName = z.string().regex(/^[a-z0-9-]+\.svg$/, 'must be an .svg file name from covers/')

export const SeedAuthor = z.strictObject({ key: Slug, name: SeedLocalizedText, bio: SeedLocalizedText })
export type SeedAuthor = z.infer<typeof SeedAuthor>

export const SeedTopic = z.strictObject({
  slug: Slug,
  name: SeedLocalizedText,
  description: SeedLocalizedText,
  cover: CoverFileName,
})
export type SeedTopic = z.infer<typeof SeedTopic>

export const SeedTag = z.strictObject({ key: Slug, text: SeedLocalizedText })
export type SeedTag = z.infer<typeof SeedTag>

export const SeedMenuGroup = z.strictObject({
  key: Slug,
  menuName: SeedLocalizedText,
  articleKeys: z.array(Slug).min(3).max(6),
})
export type SeedMenuGroup = z.infer<typeof SeedMenuGroup>

export const SeedArticleKind = z.enum(['news', 'analysis', 'recommendation'])
export type SeedArticleKind = z.infer<typeof SeedArticleKind>

/** The content states of spec §4: shown, not yet shown, removed by the firm, deleted. */
export const SeedArticleState = z.enum(['draft', 'published', 'taken_down', 'deleted'])
export type SeedArticleState = z.infer<typeof SeedArticleState>

/** How each market writes its codes: AAPL / BRK.B, 0700, 7203 (or the newer 130A form), 005930. */
const stockCodePatterns: Record<Market, RegExp> = {
  us: /^[A-Z]{1,5}(?:\.[A-Z])?$/,
  hk: /^\d{4,5}$/,
  jp: /^\d[0-9A-Z]\d[0-9A-Z]$/,
  kr: /^\d{6}$/,
}

export const SeedStockRef = z
  .strictObject({ market: Market, code: z.string() })
  .refine((stock) => stockCodePatterns[stock.market].test(stock.code), {
    message: 'is not a valid code for its market',
  })
export type SeedStockRef = z.infer<typeof SeedStockRef>

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
}

const StockList = z
  .string()
  .transform((value) =>
    splitList(value).map((item) => {
      const [market, code, ...rest] = item.split(':')
      return rest.length === 0 ? { market, code } : { market: item, code: '' }
    }),
  )
  .pipe(z.array(SeedStockRef).min(1))

const IsoTimestamp = z.iso.datetime({ offset: true })

/** One language file's front matter, field by field; unknown fields are errors. */
export const SeedArticleFrontMatter = z.strictObject({
  key: Slug,
  locale: Locale,
  title: z.string().min(1).max(200),
  summary: z.string().min(1).max(400),
  author: Slug,
  kind: SeedArticleKind,
  topic: Slug,
  market: Market,
  tags: z.string().transform(splitList).pipe(z.array(Slug).min(1)),
  stocks: StockList,
  cover: CoverFileName,
  state: SeedArticleState,
  publishedAt: IsoTimestamp.optional(),
  updatedAt: IsoTimestamp.optional(),
})
export type SeedArticleFrontMatter = z.infer<typeof SeedArticleFrontMatter>

/** Fields a seed file must have, named plainly in errors instead of as a type mismatch on `undefined`. */
const requiredFrontMatterFields = Object.entries(SeedArticleFrontMatter.shape)
  .filter(([, schema]) => !schema.safeParse(undefined).success)
  .map(([name]) => name)

export interface SeedArticleVersion {
  locale: Locale
  title: string
  summary: string
  /** Markdown; empty only for an article whose content is "empty" in this language (spec §4). */
  bodyMarkdown: string
  /** Path of the source file relative to the articles folder, for error messages and tooling. */
  sourceFile: string
}

export interface SeedArticle {
  key: string
  kind: SeedArticleKind
  topic: string
  market: Market
  author: string
  tags: string[]
  stocks: SeedStockRef[]
  cover: string
  state: SeedArticleState
  /** ISO timestamp; absent only for drafts. */
  publishedAt?: string
  updatedAt?: string
  /** One or both languages; an article may exist in one language only. */
  versions: Partial<Record<Locale, SeedArticleVersion>>
}

export interface SeedCorpus {
  authors: SeedAuthor[]
  topics: SeedTopic[]
  tags: SeedTag[]
  menuGroups: SeedMenuGroup[]
  /** Newest first; drafts (no publish time) last; ties by key. */
  articles: SeedArticle[]
  /** Absolute path of the folder holding the cover SVGs that articles and topics name. */
  coversDirectory: string
}

export class SeedCorpusError extends Error {
  override name = 'SeedCorpusError'
  readonly problems: readonly string[]

  constructor(problems: readonly string[]) {
    super(`The seed corpus is invalid:\n- ${problems.join('\n- ')}`)
    this.problems = problems
  }
}

export interface LoadSeedCorpusOptions {
  /** Folder with one sub-folder per locale; defaults to this module's `articles/`. */
  articlesDirectory?: string
  /** Defaults to this module's `covers/`. */
  coversDirectory?: string
}

export const defaultSeedArticlesDirectory = fileURLToPath(new URL('./articles', import.meta.url))
export const defaultSeedCoversDirectory = fileURLToPath(new URL('./covers', import.meta.url))

/** The fields both language versions of an article must agree on. */
const sharedFields = [
  'kind',
  'topic',
  'market',
  'author',
  'tags',
  'stocks',
  'cover',
  'state',
  'publishedAt',
  'updatedAt',
] as const

function formatIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`).join('; ')
}

function findDuplicates(values: readonly string[]): string[] {
  const seen = new Set<string>()
  const duplicates = new Set<string>()
  for (const value of values) {
    if (seen.has(value)) duplicates.add(value)
    seen.add(value)
  }
  return [...duplicates]
}

function validateMetadata(problems: string[], covers: ReadonlySet<string>) {
  const authors = z.array(SeedAuthor).safeParse(seedAuthors)
  const topics = z.array(SeedTopic).safeParse(seedTopics)
  const tags = z.array(SeedTag).safeParse(seedTags)
  const menuGroups = z.array(SeedMenuGroup).safeParse(seedMenuGroups)
  if (!authors.success) problems.push(`seed-authors.ts: ${formatIssues(authors.error)}`)
  if (!topics.success) problems.push(`seed-topics.ts: ${formatIssues(topics.error)}`)
  if (!tags.success) problems.push(`seed-tags.ts: ${formatIssues(tags.error)}`)
  if (!menuGroups.success) problems.push(`seed-menu-groups.ts: ${formatIssues(menuGroups.error)}`)
  const lists: [string, string[]][] = [
    ['author key', seedAuthors.map((a) => a.key)],
    ['topic slug', seedTopics.map((t) => t.slug)],
    ['tag key', seedTags.map((t) => t.key)],
    ['menu group key', seedMenuGroups.map((g) => g.key)],
  ]
  for (const [what, values] of lists) {
    for (const duplicate of findDuplicates(values)) problems.push(`duplicate ${what} '${duplicate}'`)
  }
  for (const topic of seedTopics) {
    if (!covers.has(topic.cover))
      problems.push(`topic '${topic.slug}': cover '${topic.cover}' is not in covers/`)
  }
  return {
    authors: authors.data ?? [],
    topics: topics.data ?? [],
    tags: tags.data ?? [],
    menuGroups: menuGroups.data ?? [],
  }
}

interface ReadVersion {
  frontMatter: SeedArticleFrontMatter
  version: SeedArticleVersion
}

async function readLocaleFolder(
  articlesDirectory: string,
  locale: Locale,
  problems: string[],
): Promise<ReadVersion[]> {
  const folder = join(articlesDirectory, locale)
  let names: string[]
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.md')).sort()
  } catch {
    problems.push(`missing folder articles/${locale}/`)
    return []
  }
  const files = await Promise.all(
    names.map(async (name) => ({ name, source: await readFile(join(folder, name), 'utf8') })),
  )
  const versions: ReadVersion[] = []
  for (const { name, source } of files) {
    const sourceFile = `${locale}/${name}`
    try {
      const { fields, body } = parseSeedFile(source, sourceFile)
      const missing = requiredFrontMatterFields.filter((field) => !Object.hasOwn(fields, field))
      if (missing.length > 0) {
        problems.push(`${sourceFile}: missing front-matter field(s) ${missing.join(', ')}`)
        continue
      }
      const parsed = SeedArticleFrontMatter.safeParse(fields)
      if (!parsed.success) {
        problems.push(`${sourceFile}: ${formatIssues(parsed.error)}`)
        continue
      }
      const frontMatter = parsed.data
      if (`${frontMatter.key}.md` !== name)
        problems.push(`${sourceFile}: key '${frontMatter.key}' does not match the file name`)
      if (frontMatter.locale !== locale)
        problems.push(`${sourceFile}: locale '${frontMatter.locale}' is not its folder's`)
      versions.push({
        frontMatter,
        version: {
          locale,
          title: frontMatter.title,
          summary: frontMatter.summary,
          bodyMarkdown: body,
          sourceFile,
        },
      })
    } catch (error) {
      problems.push(error instanceof Error ? error.message : `${sourceFile}: unreadable`)
    }
  }
  return versions
}

function checkReferences(
  sourceFile: string,
  frontMatter: SeedArticleFrontMatter,
  known: { authors: Set<string>; topics: Set<string>; tags: Set<string>; covers: ReadonlySet<string> },
  problems: string[],
): void {
  if (!known.authors.has(frontMatter.author))
    problems.push(`${sourceFile}: unknown author '${frontMatter.author}'`)
  if (!known.topics.has(frontMatter.topic))
    problems.push(`${sourceFile}: unknown topic '${frontMatter.topic}'`)
  for (const tag of frontMatter.tags) {
    if (!known.tags.has(tag)) problems.push(`${sourceFile}: unknown tag '${tag}'`)
  }
  for (const duplicate of findDuplicates(frontMatter.tags))
    problems.push(`${sourceFile}: tag '${duplicate}' listed twice`)
  if (!known.covers.has(frontMatter.cover))
    problems.push(`${sourceFile}: cover '${frontMatter.cover}' is not in covers/`)
  if (frontMatter.state !== 'draft' && !frontMatter.publishedAt) {
    problems.push(`${sourceFile}: publishedAt is required unless the state is draft`)
  }
  if (frontMatter.updatedAt) {
    if (!frontMatter.publishedAt) problems.push(`${sourceFile}: updatedAt without publishedAt`)
    else if (Date.parse(frontMatter.updatedAt) < Date.parse(frontMatter.publishedAt)) {
      problems.push(`${sourceFile}: updatedAt is before publishedAt`)
    }
  }
}

function describeShared(frontMatter: SeedArticleFrontMatter, field: (typeof sharedFields)[number]): string {
  return JSON.stringify(frontMatter[field] ?? null)
}

function compareArticles(a: SeedArticle, b: SeedArticle): number {
  if (a.publishedAt && b.publishedAt && a.publishedAt !== b.publishedAt) {
    return Date.parse(b.publishedAt) - Date.parse(a.publishedAt)
  }
  if (a.publishedAt && !b.publishedAt) return -1
  if (!a.publishedAt && b.publishedAt) return 1
  return a.key.localeCompare(b.key)
}

/**
 * Reads and validates the whole seed corpus. Throws SeedCorpusError listing every problem found (not only the
 * first), so one run shows everything a seed author has to fix.
 */
export async function loadSeedCorpus(options: LoadSeedCorpusOptions = {}): Promise<SeedCorpus> {
  const articlesDirectory = options.articlesDirectory ?? defaultSeedArticlesDirectory
  const coversDirectory = options.coversDirectory ?? defaultSeedCoversDirectory
  const problems: string[] = []
  let coverNames: string[] = []
  try {
    coverNames = (await readdir(coversDirectory)).filter((name) => name.endsWith('.svg'))
  } catch {
    problems.push(`missing covers folder ${coversDirectory}`)
  }
  const covers = new Set(coverNames)
  const metadata = validateMetadata(problems, covers)
  const known = {
    authors: new Set(seedAuthors.map((a) => a.key)),
    topics: new Set(seedTopics.map((t) => t.slug)),
    tags: new Set(seedTags.map((t) => t.key)),
    covers,
  }

  const byKey = new Map<string, { article: SeedArticle; first: SeedArticleFrontMatter; firstFile: string }>()
  for (const locale of locales) {
    for (const { frontMatter, version } of await readLocaleFolder(articlesDirectory, locale, problems)) {
      checkReferences(version.sourceFile, frontMatter, known, problems)
      const existing = byKey.get(frontMatter.key)
      if (!existing) {
        byKey.set(frontMatter.key, {
          first: frontMatter,
          firstFile: version.sourceFile,
          article: {
            key: frontMatter.key,
            kind: frontMatter.kind,
            topic: frontMatter.topic,
            market: frontMatter.market,
            author: frontMatter.author,
            tags: frontMatter.tags,
            stocks: frontMatter.stocks,
            cover: frontMatter.cover,
            state: frontMatter.state,
            ...(frontMatter.publishedAt ? { publishedAt: frontMatter.publishedAt } : {}),
            ...(frontMatter.updatedAt ? { updatedAt: frontMatter.updatedAt } : {}),
            versions: { [locale]: version },
          },
        })
        continue
      }
      if (existing.article.versions[locale]) {
        problems.push(`${version.sourceFile}: duplicate key '${frontMatter.key}' in ${locale}`)
        continue
      }
      for (const field of sharedFields) {
        const mine = describeShared(frontMatter, field)
        const theirs = describeShared(existing.first, field)
        if (mine !== theirs) {
          problems.push(
            `${version.sourceFile}: ${field} ${mine} differs from ${existing.firstFile} (${theirs})`,
          )
        }
      }
      existing.article.versions[locale] = version
    }
  }

  const articles = [...byKey.values()].map((entry) => entry.article).sort(compareArticles)
  for (const group of metadata.menuGroups) {
    for (const key of group.articleKeys) {
      const article = byKey.get(key)?.article
      if (!article) problems.push(`menu group '${group.key}': unknown article '${key}'`)
      else if (article.state !== 'published')
        problems.push(`menu group '${group.key}': article '${key}' is not published`)
      else if (locales.some((locale) => !article.versions[locale]?.bodyMarkdown)) {
        problems.push(`menu group '${group.key}': article '${key}' lacks a body in one language`)
      }
    }
  }

  if (problems.length > 0) throw new SeedCorpusError(problems)
  return { ...metadata, articles, coversDirectory }
}
