/**
 * /member/investment — the investment classroom (issue 15): every course and lesson for every reader, each lesson
 * open or locked with the one step that opens it; a lesson opens in place under its row, on `?lesson=<id>`, rendered
 * on the server so a link to a lesson works. The classroom service decides what opens (contracts/benefits.ts) and
 * sends a lesson's content only to a reader it opens for.
 */

import { CourseCard } from '#app/features/classroom/classroom-catalogue.tsx'
import { MemberAreaPage } from '#app/features/member-area/member-area-nav.tsx'
import { readerOfRequest } from '#app/features/plans/plans.server.ts'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { titledPageMeta } from '#app/routing/page-meta.ts'
import type { ClassroomLessonDetail } from '#contracts/classroom-rules.ts'
import { isServiceError } from '#contracts/service-error.ts'
import type { Route } from './+types/member-investment.ts'

export const handle = { catalogs: ['classroom', 'member', 'plans'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

const lessonIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function loader({ context, request }: Route.LoaderArgs) {
  const requestFacts = context.get(requestContext)
  const { services, locale } = requestFacts
  const { t } = getServerTranslator(locale)
  const reader = await readerOfRequest(request, requestFacts)
  const lessonId = new URL(request.url).searchParams.get('lesson')
  const catalogue = await services.classroom.getCatalogue(reader, locale)
  let lesson: ClassroomLessonDetail | null = null
  let isLessonMissing = false
  if (lessonId) {
    if (!lessonIdPattern.test(lessonId)) isLessonMissing = true
    else {
      try {
        lesson = await services.classroom.getLesson(lessonId, reader, locale)
      } catch (error) {
        if (!isServiceError(error, 'not_found')) throw error
        isLessonMissing = true
      }
    }
  }
  return {
    catalogue,
    lesson,
    isLessonMissing,
    title: t('classroom:page.metaTitle'),
    description: t('classroom:page.description'),
  }
}

export const meta: Route.MetaFunction = titledPageMeta

export default function InvestmentClassroom({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('classroom')
  const { catalogue, lesson, isLessonMissing } = loaderData
  return (
    <MemberAreaPage title={t('page.title')} intro={t('page.intro')}>
      <p className="max-w-3xl text-sm text-ink-700">{t('page.marksExplained')}</p>
      {isLessonMissing ? (
        <p role="alert" className="rounded-lg border border-loss px-3 py-2 text-sm text-loss">
          {t('lessonMissing')}
        </p>
      ) : null}
      <section aria-label={t('courses')} className="flex flex-col gap-6">
        {catalogue.courses.length === 0 ? <p className="text-ink-800">{t('empty')}</p> : null}
        {catalogue.courses.map((course) => (
          <CourseCard
            key={course.id}
            course={course}
            openLesson={lesson?.course.id === course.id ? lesson : null}
            isMember={catalogue.isMember}
          />
        ))}
      </section>
    </MemberAreaPage>
  )
}
