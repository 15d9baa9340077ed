/**
 * /console/* (issue 14): the operator console. Visitors are sent to log in; members without a console role see
 * 'no access' (403); staff get a navigation of the sections their roles open and the page the address names. One
 * route serves every console page and each section's code is fetched when it is opened, with the words it speaks
 * beyond the frame's: the route manifest ships with every public page (ADR 0011), so the console adds one entry to
 * it, not one per page. The sections load
 * their data in the browser from /api/console, whose guard checks the role of every call again.
 */
import { clsx } from 'clsx'
import { lazy, Suspense, useEffect, useRef } from 'react'
import { Link, NavLink } from 'react-router'
import { Card } from '#app/components/card.tsx'
import { deferHydration } from '#app/components/deferred-hydration.tsx'
import { loadConsoleAccess } from '#app/features/console/console-access.server.ts'
import { ConsoleLoading } from '#app/features/console/console-ui.tsx'
import {
  type ConsolePage,
  type ConsoleSection,
  consolePageOf,
  consoleSectionsOf,
  sectionOfPage,
} from '#app/features/console/console-view.ts'
import {
  type CatalogHandle,
  ensureCatalogs,
  ensureErrorMessages,
  fetchPageCatalogs,
} from '#app/i18n/browser-catalogs.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import type { Route } from './+types/console.ts'

/**
 * A section's code and the namespaces it speaks beyond the console's own, fetched together when it is opened: the
 * console's first paint carries only its frame's words (ADR 0011). The error messages come with every section, whose
 * forms and lists draw the API's refusals.
 */
async function withWords<Module>(code: Promise<Module>, ...words: Promise<void>[]): Promise<Module> {
  const [module] = await Promise.all([code, ...words])
  return module
}

const ArticlesSection = lazy(() =>
  withWords(import('#app/features/console/articles-section.tsx'), ensureErrorMessages()).then((module) => ({
    default: module.ArticlesSection,
  })),
)
const ArticleEditSection = lazy(() =>
  withWords(
    import('#app/features/console/article-edit-section.tsx'),
    ensureErrorMessages(),
    ensureCatalogs(['stocks']),
  ).then((module) => ({
    default: module.ArticleEditSection,
  })),
)
const PicksSection = lazy(() =>
  withWords(
    import('#app/features/console/picks-section.tsx'),
    ensureErrorMessages(),
    ensureCatalogs(['stocks']),
  ).then((module) => ({
    default: module.PicksSection,
  })),
)
const CompanyTextsSection = lazy(() =>
  withWords(
    import('#app/features/console/company-texts-section.tsx'),
    ensureErrorMessages(),
    ensureCatalogs(['stocks']),
  ).then((module) => ({
    default: module.CompanyTextsSection,
  })),
)
const RolesSection = lazy(() =>
  withWords(import('#app/features/console/roles-section.tsx'), ensureErrorMessages()).then((module) => ({
    default: module.RolesSection,
  })),
)
const MembersSection = lazy(() =>
  withWords(
    import('#app/features/console/members-section.tsx'),
    ensureErrorMessages(),
    ensureCatalogs(['console-members']),
  ).then((module) => ({
    default: module.MembersSection,
  })),
)
const MemberSection = lazy(() =>
  withWords(
    import('#app/features/console/member-section.tsx'),
    ensureErrorMessages(),
    ensureCatalogs(['advisers', 'console-members']),
  ).then((module) => ({
    default: module.MemberSection,
  })),
)
const NewsletterSection = lazy(() =>
  withWords(import('#app/features/console/newsletter-section.tsx'), ensureErrorMessages()).then((module) => ({
    default: module.NewsletterSection,
  })),
)
const AuditSection = lazy(() =>
  withWords(
    import('#app/features/console/audit-section.tsx'),
    ensureErrorMessages(),
    ensureCatalogs(['console-members', 'console-site']),
  ).then((module) => ({
    default: module.AuditSection,
  })),
)
const SiteSection = lazy(() =>
  withWords(
    import('#app/features/console/site-section.tsx'),
    ensureErrorMessages(),
    ensureCatalogs(['console-site']),
  ).then((module) => ({
    default: module.SiteSection,
  })),
)
const ClassroomSection = lazy(() =>
  withWords(
    import('#app/features/console/classroom-section.tsx'),
    ensureErrorMessages(),
    ensureCatalogs(['classroom']),
  ).then((module) => ({
    default: module.ClassroomSection,
  })),
)
const StrategiesSection = lazy(() =>
  withWords(
    import('#app/features/console/strategies-section.tsx'),
    ensureErrorMessages(),
    ensureCatalogs(['stocks', 'strategies']),
  ).then((module) => ({
    default: module.StrategiesSection,
  })),
)
const ExpertSection = lazy(() =>
  withWords(
    import('#app/features/console/expert-section.tsx'),
    ensureErrorMessages(),
    ensureCatalogs(['expert']),
  ).then((module) => ({
    default: module.ExpertSection,
  })),
)
const AdvisersSection = lazy(() =>
  withWords(
    import('#app/features/console/advisers-section.tsx'),
    ensureErrorMessages(),
    ensureCatalogs(['advisers', 'console-members']),
  ).then((module) => ({
    default: module.AdvisersSection,
  })),
)
const ChatGapsSection = lazy(() =>
  withWords(
    import('#app/features/console/chat-gaps-section.tsx'),
    ensureErrorMessages(),
    ensureCatalogs(['console-analytics']),
  ).then((module) => ({
    default: module.ChatGapsSection,
  })),
)
const OutboxSection = lazy(() =>
  withWords(
    import('#app/features/console/outbox-section.tsx'),
    ensureErrorMessages(),
    ensureCatalogs(['console-mail']),
  ).then((module) => ({
    default: module.OutboxSection,
  })),
)
const OutboxMessageSection = lazy(() =>
  withWords(
    import('#app/features/console/outbox-section.tsx'),
    ensureErrorMessages(),
    ensureCatalogs(['console-mail']),
  ).then((module) => ({
    default: module.OutboxMessageSection,
  })),
)
const DigestSection = lazy(() =>
  withWords(
    import('#app/features/console/digest-section.tsx'),
    ensureErrorMessages(),
    ensureCatalogs(['console-mail']),
  ).then((module) => ({
    default: module.DigestSection,
  })),
)
const AnalyticsSection = lazy(() =>
  withWords(
    import('#app/features/console/analytics-section.tsx'),
    ensureErrorMessages(),
    ensureCatalogs(['console-analytics']),
  ).then((module) => ({
    default: module.AnalyticsSection,
  })),
)

export const handle = { catalogs: ['console'] } satisfies CatalogHandle

/** A section the operator's roles do not open, asked for by its address: said with the error messages' words. */
function RoleRequiredNotice() {
  const { t } = useTranslation('errors')
  return (
    <p role="alert" className="text-ink-800">
      {t('CONSOLE_ROLE_REQUIRED')}
    </p>
  )
}
const RoleRequired = deferHydration(async () => {
  await ensureErrorMessages()
  return RoleRequiredNotice
})
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadConsoleAccess(request, context.get(requestContext))
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData?.title ?? '',
    path: location.pathname,
    root: rootDataOf(matches),
    noIndex: true,
  })

export default function ConsoleRoute({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation('console')
  const { me } = loaderData
  if (!me) {
    return (
      <div
        className="mx-auto flex max-w-2xl flex-col gap-3 px-4 py-16 text-center"
        data-testid="console-no-access"
      >
        <p className="text-sm font-semibold text-ink-500">403</p>
        <h1 className="text-2xl font-bold text-ink-950">{t('noAccess.title')}</h1>
        <p className="text-ink-800">{t('noAccess.body')}</p>
      </div>
    )
  }
  const sections = consoleSectionsOf(me.roles)
  const page = consolePageOf(params['*'] ?? '')
  const section = sectionOfPage(page)
  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-6 px-4 py-6 lg:flex-row">
      <nav aria-label={t('nav.label')} className="flex shrink-0 flex-col gap-1 lg:w-52">
        <p className="px-3 pb-2 text-xs text-ink-500">
          {me.phone} · {me.roles.map((role) => t(`roleNames.${role}`)).join(', ')}
        </p>
        <ul className="flex flex-row flex-wrap gap-1 lg:flex-col">
          {sections.map((item) => (
            <li key={item}>
              <NavLink
                to={`/console/${item}`}
                className={({ isActive }) =>
                  clsx(
                    'block rounded-md px-3 py-2 text-sm font-medium',
                    isActive ? 'bg-brand-100 text-brand-700' : 'text-ink-800 hover:bg-ink-50',
                  )
                }
              >
                {t(`nav.${item}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1" data-console-section>
        {section && !sections.includes(section) ? (
          <>
            <RoleRequired />
            <SectionHydrated />
          </>
        ) : (
          <Suspense fallback={<ConsoleLoading />}>
            <ConsolePageView page={page} me={me} sections={sections} />
            <SectionHydrated />
          </Suspense>
        )}
      </div>
    </div>
  )
}

/**
 * Marks the section as answering: a section's code comes after the page's, so the page hydrates first and shows the
 * section's server HTML until its code is there (its fields do not keep what is typed before; the journeys wait).
 */
function SectionHydrated() {
  const ref = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    ref.current?.closest('[data-console-section]')?.setAttribute('data-hydrated', 'true')
  }, [])
  return <span ref={ref} hidden />
}

function ConsolePageView({
  page,
  me,
  sections,
}: {
  page: ConsolePage
  me: ConsoleMe
  sections: ConsoleSection[]
}) {
  const { t } = useTranslation('console')
  switch (page.page) {
    case 'articles':
      return <ArticlesSection me={me} />
    case 'article':
      return <ArticleEditSection key={String(page.articleId)} me={me} articleId={page.articleId} />
    case 'picks':
      return <PicksSection me={me} />
    case 'company-texts':
      return <CompanyTextsSection me={me} />
    case 'members':
      return <MembersSection />
    case 'member':
      return <MemberSection key={page.memberId} me={me} memberId={page.memberId} />
    case 'newsletter':
      return <NewsletterSection me={me} />
    case 'roles':
      return <RolesSection />
    case 'audit':
      return <AuditSection me={me} />
    case 'analytics':
      return <AnalyticsSection />
    case 'site':
      return <SiteSection view={page.view} me={me} />
    case 'classroom':
      return <ClassroomSection me={me} />
    case 'strategies':
      return <StrategiesSection me={me} />
    case 'expert':
      return <ExpertSection me={me} />
    case 'advisers':
      return <AdvisersSection me={me} />
    case 'outbox':
      return <OutboxSection me={me} />
    case 'chat-gaps':
      return <ChatGapsSection me={me} />
    case 'outbox-message':
      return <OutboxMessageSection key={page.messageId} me={me} messageId={page.messageId} />
    case 'digest':
      return <DigestSection me={me} />
    case 'unknown':
      return <p className="text-ink-800">{t('notFound')}</p>
    case 'home':
      return (
        <div className="flex flex-col gap-4">
          <h1 className="text-2xl font-bold text-ink-950">{t('home.title')}</h1>
          {sections.length === 0 ? <p className="text-ink-800">{t('home.noSections')}</p> : null}
          <div className="grid gap-4 md:grid-cols-3">
            {sections.map((item) => (
              <Card key={item}>
                <Link
                  to={`/console/${item}`}
                  className="text-lg font-semibold text-brand-700 hover:underline"
                >
                  {t(`nav.${item}`)}
                </Link>
                <p className="mt-1 text-sm text-ink-700">{t(`home.${item}`)}</p>
              </Card>
            ))}
          </div>
        </div>
      )
  }
}
