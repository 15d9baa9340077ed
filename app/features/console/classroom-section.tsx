/**
 * /console/classroom (analysts): the member classroom's courses and lessons (issue 15). The list shows every course
 * that is not removed; `?id=<course>` opens one (`?id=new` a new one) with its lessons below it, each edited in
 * place (classroom-course-editor.tsx, classroom-lessons.tsx, classroom-lesson-form.tsx). The server checks every
 * field; a refused one shows its own message beside it.
 */

import { Link, useSearchParams } from 'react-router'
import { Badge } from '#app/components/badge.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ConsoleClassroomCourse } from '#contracts/classroom-rules.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import { CourseEditor, classroomPath } from './classroom-course-editor.tsx'
import { consoleApi } from './console-client.ts'
import { ConsoleList, ConsoleListHeader } from './console-lists.tsx'
import { useTextInConsoleLanguage } from './console-ui.tsx'
import { useConsoleData } from './use-console-data.ts'

export function ClassroomSection({ me }: { me: ConsoleMe }) {
  const [search] = useSearchParams()
  const id = search.get('id')
  if (id === 'new') return <CourseEditor me={me} courseId={null} />
  if (id) return <CourseEditor key={id} me={me} courseId={id} />
  return <CourseList />
}

function CourseList() {
  const { t } = useTranslation('classroom')
  const local = useTextInConsoleLanguage()
  const courses = useConsoleData(
    () => consoleApi.get<ConsoleClassroomCourse[]>('/classroom/courses'),
    'classroom-courses',
  )
  return (
    <div className="flex flex-col gap-6">
      <ConsoleListHeader title={t('console.title')}>
        <Link
          to={`${classroomPath}?id=new`}
          className="inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t('console.newCourse')}
        </Link>
      </ConsoleListHeader>
      <p className="max-w-3xl text-sm text-ink-800">{t('console.intro')}</p>
      <ConsoleList
        list={courses}
        rows={courses.data ?? undefined}
        emptyText={t('console.empty')}
        columns={[
          t('console.colCourse'),
          t('console.colKind'),
          t('console.colLessons'),
          t('console.colPosition'),
          t('console.colState'),
        ]}
        actionsLabel={t('console.actions')}
        renderRow={(course) => (
          <tr key={course.id} className="border-b border-ink-50" data-testid="classroom-course-row">
            <th scope="row" className="py-2 pr-3 text-start font-normal">
              <span className="block font-medium text-ink-900">{local(course.title)}</span>
              {course.isSample ? <Badge tone="warn">{t('console.sample')}</Badge> : null}
            </th>
            <td className="py-2 pr-3 text-ink-800">{t(`kinds.${course.kind}`)}</td>
            <td className="py-2 pr-3 tabular-nums">{course.lessonCount}</td>
            <td className="py-2 pr-3 tabular-nums">{course.position}</td>
            <td className="py-2 pr-3">
              <Badge tone={course.published ? 'gain' : 'neutral'}>
                {t(course.published ? 'console.published' : 'console.unpublished')}
              </Badge>
            </td>
            <td className="py-2 pr-3">
              <Link
                to={`${classroomPath}?id=${course.id}`}
                className="font-medium text-brand-700 underline underline-offset-2"
                aria-label={t('console.editOf', { title: local(course.title) })}
              >
                {t('console.edit')}
              </Link>
            </td>
          </tr>
        )}
      />
    </div>
  )
}
