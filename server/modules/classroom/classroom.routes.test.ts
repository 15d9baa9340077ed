import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CourseKind, LessonAccess } from '#contracts/benefits.ts'
import {
  type ClassroomCatalogue,
  ClassroomErrorCode,
  type ClassroomLessonDetail,
  type ClassroomProgress,
  type ConsoleClassroomCourse,
  type ConsoleClassroomLesson,
  wallClockOf,
} from '#contracts/classroom-rules.ts'
import { createManualClock } from '#server/clock.ts'
import { createConsoleClients, type StaffClient } from '#server/testing/console-clients.ts'
import { expectFailure, type ReaderClient } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

const clock = createManualClock('2026-11-02T09:00:00Z')
const clients = createConsoleClients({ ipPrefix: '10.91', phonePrefix: '9191' })
const { readers } = clients
let runtime: TestRuntime
let analyst: StaffClient

type Rung = 'visitor' | 'member' | 'base' | 'plus' | 'premium'
type Access = 'none' | 'partial' | 'full'

/**
 * Written out by hand from ADR 0017's table (not read from contracts/benefits.ts), so a change of the tier table
 * that the ADR does not agree with fails here.
 */
const accessByRung: Record<Rung, Record<CourseKind, Access>> = {
  visitor: { deepDive: 'none', options: 'none', live: 'none', mentorship: 'none' },
  member: { deepDive: 'none', options: 'none', live: 'none', mentorship: 'none' },
  base: { deepDive: 'partial', options: 'partial', live: 'partial', mentorship: 'none' },
  plus: { deepDive: 'full', options: 'partial', live: 'full', mentorship: 'none' },
  premium: { deepDive: 'full', options: 'full', live: 'full', mentorship: 'full' },
}
/** The cheapest tier opening a lesson of each kind and mark (what a lock prompt names). */
const cheapestTier: Record<CourseKind, Record<LessonAccess, 'base' | 'plus' | 'premium'>> = {
  deepDive: { partial: 'base', full: 'plus' },
  options: { partial: 'base', full: 'premium' },
  live: { partial: 'base', full: 'plus' },
  mentorship: { partial: 'premium', full: 'premium' },
}
const rungs: Rung[] = ['visitor', 'member', 'base', 'plus', 'premium']
const kinds: CourseKind[] = ['deepDive', 'options', 'live', 'mentorship']
const marks: LessonAccess[] = ['partial', 'full']

function expectedOpens(rung: Rung, kind: CourseKind, mark: LessonAccess): boolean {
  const access = accessByRung[rung][kind]
  return access === 'full' || (access === 'partial' && mark === 'partial')
}

function expectedLock(rung: Rung, kind: CourseKind, mark: LessonAccess) {
  if (expectedOpens(rung, kind, mark)) return null
  if (rung === 'visitor') return { kind: 'logIn' }
  return { kind: rung === 'member' ? 'subscribe' : 'upgrade', tier: cheapestTier[kind][mark] }
}

/** What only an opened lesson may carry: each lesson's own, so a leak names the lesson. */
const secretsOf = (kind: CourseKind, mark: LessonAccess) => ({
  notes: `notes-secret-${kind}-${mark}`,
  video: `https://videos.example.com/${kind}-${mark}`,
  attachment: `https://files.example.com/${kind}-${mark}.pdf`,
  join: `https://live.example.com/${kind}-${mark}`,
})

const testCourses: Record<
  CourseKind,
  { course: ConsoleClassroomCourse; lessons: Record<LessonAccess, string> }
> = {} as never
let readerOf: Record<Rung, ReaderClient>

async function asAnalyst<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
  const response = await clients.call(analyst, method, path, body === undefined ? {} : { body })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data as T
}

beforeAll(async () => {
  runtime = await createTestRuntime({}, { clock, smsSender: clients.smsSender })
  clients.bind(runtime)
  analyst = await clients.newStaff(['analyst'])
  const timeZone = runtime.config.limitsTimeZone
  for (const [position, kind] of kinds.entries()) {
    const course = await asAnalyst<ConsoleClassroomCourse>('POST', '/classroom/courses', {
      kind,
      title: { en: `Test course ${kind}`, 'zh-Hant': `測試課程 ${kind}` },
      summary: { en: 'A course for the access table.', 'zh-Hant': '測試用課程。' },
      position: 100 + position,
      published: true,
    })
    const lessons = {} as Record<LessonAccess, string>
    for (const mark of marks) {
      const secrets = secretsOf(kind, mark)
      const lesson = await asAnalyst<ConsoleClassroomLesson>(
        'POST',
        `/classroom/courses/${course.id}/lessons`,
        {
          title: { en: `${kind} ${mark} lesson`, 'zh-Hant': `${kind} ${mark} 課` },
          access: mark,
          videoUrl: secrets.video,
          durationMinutes: 20,
          // Within the join window: starts in ten minutes.
          liveStartsAt: wallClockOf(new Date(clock.now().getTime() + 10 * 60_000).toISOString(), timeZone),
          liveJoinUrl: secrets.join,
          notes: { en: `Read this: ${secrets.notes}`, 'zh-Hant': `請讀：${secrets.notes}` },
          attachments: [{ name: { en: 'Worksheet', 'zh-Hant': '工作紙' }, url: secrets.attachment }],
        },
      )
      lessons[mark] = lesson.id
    }
    testCourses[kind] = { course, lessons }
  }
  readerOf = {
    visitor: await readers.newVisitor(),
    member: await readers.newMember(),
    base: await readers.newMember('base'),
    plus: await readers.newMember('plus'),
    premium: await readers.newMember('premium'),
  }
})
afterAll(() => runtime.close())

describe('the catalogue and lessons by reader', () => {
  it.each(rungs)('shows %s every lesson, opening exactly those their plan covers', async (rung) => {
    const response = await readers.get(readerOf[rung], '/classroom/catalogue')
    expect(response.statusCode).toBe(200)
    const catalogue = response.json().data as ClassroomCatalogue
    expect(catalogue.isMember).toBe(rung !== 'visitor')
    for (const kind of kinds) {
      const course = catalogue.courses.find((row) => row.id === testCourses[kind].course.id)
      expect(course?.kind).toBe(kind)
      expect(course?.progress).toEqual(
        rung === 'visitor'
          ? null
          : { done: 0, total: marks.filter((mark) => expectedOpens(rung, kind, mark)).length },
      )
      for (const mark of marks) {
        const lesson = course?.lessons.find((row) => row.id === testCourses[kind].lessons[mark])
        expect(lesson, `${rung} ${kind} ${mark}`).toMatchObject({
          title: `${kind} ${mark} lesson`,
          access: mark,
          opens: expectedOpens(rung, kind, mark),
          lock: expectedLock(rung, kind, mark),
          live: { startsAt: new Date(clock.now().getTime() + 10 * 60_000).toISOString(), state: 'open' },
        })
      }
    }
    // The catalogue carries no lesson's content, opened or not.
    for (const kind of kinds)
      for (const mark of marks)
        for (const secret of Object.values(secretsOf(kind, mark))) expect(response.body).not.toContain(secret)
  })

  it.each(rungs)('sends %s the content of a lesson only when it opens for them', async (rung) => {
    for (const kind of kinds) {
      for (const mark of marks) {
        const response = await readers.get(readerOf[rung], '/classroom/lesson', {
          id: testCourses[kind].lessons[mark],
        })
        expect(response.statusCode).toBe(200)
        const detail = response.json().data as ClassroomLessonDetail
        const secrets = secretsOf(kind, mark)
        const label = `${rung} ${kind} ${mark}`
        if (expectedOpens(rung, kind, mark)) {
          expect(detail.content?.notesHtml, label).toContain(secrets.notes)
          expect(detail.content?.video, label).toEqual({ kind: 'link', url: secrets.video })
          expect(detail.content?.attachments, label).toEqual([{ name: 'Worksheet', url: secrets.attachment }])
          expect(detail.content?.joinUrl, label).toBe(secrets.join)
        } else {
          expect(detail.content, label).toBeNull()
          expect(detail.lesson.lock, label).toEqual(expectedLock(rung, kind, mark))
          for (const secret of Object.values(secrets)) expect(response.body, label).not.toContain(secret)
        }
      }
    }
  })

  it('answers in the reader’s language', async () => {
    const member = await readers.newMember('premium', 'hant')
    const response = await readers.get(member, '/classroom/lesson', {
      id: testCourses.deepDive.lessons.partial,
    })
    const detail = response.json().data as ClassroomLessonDetail
    expect(detail.lesson.title).toBe('deepDive partial 課')
    expect(detail.course.title).toBe('測試課程 deepDive')
    expect(detail.content?.notesHtml).toContain('請讀：')
    expect(detail.content?.attachments[0]?.name).toBe('工作紙')
  })

  it('answers 404 for a lesson that does not exist, or whose course is unpublished or removed', async () => {
    const premium = readerOf.premium
    expectFailure(
      await readers.get(premium, '/classroom/lesson', { id: '00000000-0000-4000-8000-000000000000' }),
      404,
      ClassroomErrorCode.lessonNotFound,
    )
    const hidden = await asAnalyst<ConsoleClassroomCourse>('POST', '/classroom/courses', {
      kind: 'deepDive',
      title: { en: 'Draft course', 'zh-Hant': '草稿課程' },
      summary: { en: 'Not yet.', 'zh-Hant': '未公開。' },
      published: false,
    })
    const lesson = await asAnalyst<ConsoleClassroomLesson>(
      'POST',
      `/classroom/courses/${hidden.id}/lessons`,
      {
        title: { en: 'Hidden lesson', 'zh-Hant': '隱藏課' },
        access: 'partial',
      },
    )
    expectFailure(
      await readers.get(premium, '/classroom/lesson', { id: lesson.id }),
      404,
      ClassroomErrorCode.lessonNotFound,
    )
    const catalogue = (await readers.get(premium, '/classroom/catalogue')).json().data as ClassroomCatalogue
    expect(catalogue.courses.map((course) => course.id)).not.toContain(hidden.id)
    const malformed = await readers.get(premium, '/classroom/lesson', { id: 'not-an-id' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().fields).toEqual([{ field: 'id', code: ClassroomErrorCode.lessonNotFound }])

    await asAnalyst('PUT', `/classroom/courses/${hidden.id}`, {
      kind: 'deepDive',
      title: { en: 'Draft course', 'zh-Hant': '草稿課程' },
      summary: { en: 'Now public.', 'zh-Hant': '已公開。' },
      published: true,
    })
    expect((await readers.get(premium, '/classroom/lesson', { id: lesson.id })).statusCode).toBe(200)
    await asAnalyst('DELETE', `/classroom/courses/${hidden.id}`)
    expectFailure(
      await readers.get(premium, '/classroom/lesson', { id: lesson.id }),
      404,
      ClassroomErrorCode.lessonNotFound,
    )
  })
})

describe('live classes', () => {
  async function liveLesson(startsInMinutes: number, mark: LessonAccess = 'partial') {
    const iso = new Date(clock.now().getTime() + startsInMinutes * 60_000).toISOString()
    return asAnalyst<ConsoleClassroomLesson>(
      'POST',
      `/classroom/courses/${testCourses.live.course.id}/lessons`,
      {
        title: { en: `Live in ${startsInMinutes}`, 'zh-Hant': `直播 ${startsInMinutes}` },
        access: mark,
        liveStartsAt: wallClockOf(iso, runtime.config.limitsTimeZone),
        liveJoinUrl: `https://live.example.com/in-${startsInMinutes}`,
      },
    )
  }

  it.each([
    [120, 'upcoming', false],
    [31, 'upcoming', false],
    [30, 'open', true],
    [0, 'open', true],
    [-180, 'open', true],
    [-181, 'past', false],
  ] as const)(
    'gives the join link of a class starting in %i minutes: %s',
    async (minutes, state, hasLink) => {
      const lesson = await liveLesson(minutes)
      const detail = (await readers.get(readerOf.base, '/classroom/lesson', { id: lesson.id })).json()
        .data as ClassroomLessonDetail
      expect(detail.lesson.live?.state).toBe(state)
      expect(detail.content?.joinUrl ?? null).toBe(hasLink ? `https://live.example.com/in-${minutes}` : null)
    },
  )

  it('never gives the join link to a reader the class does not open for, even when it is live', async () => {
    const lesson = await liveLesson(5, 'full')
    const response = await readers.get(readerOf.base, '/classroom/lesson', { id: lesson.id })
    const detail = response.json().data as ClassroomLessonDetail
    expect(detail.lesson.live?.state).toBe('open')
    expect(detail.content).toBeNull()
    expect(response.body).not.toContain('https://live.example.com/in-5')
  })
})

describe('progress', () => {
  it('marks a lesson done and not done for the member alone, and counts it in the course', async () => {
    const [first, second] = [await readers.newMember('base'), await readers.newMember('base')]
    const lessonId = testCourses.deepDive.lessons.partial
    const marked = await readers.send(first as ReaderClient, 'POST', '/classroom/progress', {
      lessonId,
      done: true,
    })
    expect(marked.statusCode).toBe(200)
    const progress = marked.json().data as ClassroomProgress
    expect(progress.lesson).toEqual({ id: lessonId, isDone: true })
    expect(progress.courses.find((row) => row.courseId === testCourses.deepDive.course.id)).toEqual({
      courseId: testCourses.deepDive.course.id,
      done: 1,
      total: 1,
    })
    const catalogueOf = async (client: ReaderClient) =>
      ((await readers.get(client, '/classroom/catalogue')).json().data as ClassroomCatalogue).courses.find(
        (course) => course.id === testCourses.deepDive.course.id,
      )
    expect((await catalogueOf(first as ReaderClient))?.lessons[0]?.isDone).toBe(true)
    expect((await catalogueOf(second as ReaderClient))?.lessons[0]?.isDone).toBe(false)
    expect((await catalogueOf(second as ReaderClient))?.progress).toEqual({ done: 0, total: 1 })

    const unmarked = await readers.send(first as ReaderClient, 'POST', '/classroom/progress', {
      lessonId,
      done: false,
    })
    expect((unmarked.json().data as ClassroomProgress).lesson).toEqual({ id: lessonId, isDone: false })
    expect((await catalogueOf(first as ReaderClient))?.progress).toEqual({ done: 0, total: 1 })
  })

  it('takes whose progress it is from the session only: naming another member is refused', async () => {
    const [first, second] = [await readers.newMember('base'), await readers.newMember('base')]
    const secondId = (await runtime.services.accounts.findMember(second.phone as string))?.id
    const response = await readers.send(first, 'POST', '/classroom/progress', {
      lessonId: testCourses.deepDive.lessons.partial,
      done: true,
      memberId: secondId,
    })
    expectFailure(response, 400, 'VALIDATION_FAILED')
    const progress = (await readers.get(second, '/classroom/progress')).json().data as ClassroomProgress
    expect(progress.courses.every((course) => course.done === 0)).toBe(true)
  })

  it('refuses visitors (401), locked lessons (403), unknown lessons (404) and malformed requests (400)', async () => {
    const lessonId = testCourses.deepDive.lessons.full
    expectFailure(
      await readers.send(readerOf.visitor, 'POST', '/classroom/progress', { lessonId, done: true }),
      401,
      'UNAUTHENTICATED',
    )
    expectFailure(await readers.get(readerOf.visitor, '/classroom/progress'), 401, 'UNAUTHENTICATED')
    expectFailure(
      await readers.send(readerOf.base, 'POST', '/classroom/progress', { lessonId, done: true }),
      403,
      ClassroomErrorCode.lessonLocked,
    )
    expectFailure(
      await readers.send(readerOf.member, 'POST', '/classroom/progress', {
        lessonId: testCourses.deepDive.lessons.partial,
        done: true,
      }),
      403,
      ClassroomErrorCode.lessonLocked,
    )
    expectFailure(
      await readers.send(readerOf.plus, 'POST', '/classroom/progress', {
        lessonId: '00000000-0000-4000-8000-000000000000',
        done: true,
      }),
      404,
      ClassroomErrorCode.lessonNotFound,
    )
    expectFailure(
      await readers.send(readerOf.plus, 'POST', '/classroom/progress', { lessonId, done: 'yes' }),
      400,
      'VALIDATION_FAILED',
    )
  })
})

describe('sample content', () => {
  it('seeds one labelled sample course of every kind, in both languages, with live classes ahead and behind', async () => {
    const premium = readerOf.premium
    const catalogue = (await readers.get(premium, '/classroom/catalogue')).json().data as ClassroomCatalogue
    const samples = catalogue.courses.filter((course) => course.isSample)
    expect(samples.map((course) => course.kind).sort()).toEqual([...kinds].sort())
    for (const course of samples) {
      expect(course.lessons.length).toBeGreaterThanOrEqual(3)
      expect(course.lessons.length).toBeLessThanOrEqual(5)
    }
    // Dated from the day the seed ran: one class a week ahead, one two weeks back.
    const starts = samples
      .flatMap((course) => course.lessons.map((lesson) => lesson.live?.startsAt))
      .filter((startsAt): startsAt is string => Boolean(startsAt))
      .map((startsAt) => new Date(startsAt).getTime())
    expect(starts).toHaveLength(2)
    expect(Math.abs((starts[0] ?? 0) - (starts[1] ?? 0))).toBe(21 * 24 * 60 * 60 * 1000)
    const chinese = await readers.newMember('premium', 'hant')
    const zh = (await readers.get(chinese, '/classroom/catalogue')).json().data as ClassroomCatalogue
    expect(zh.courses.find((course) => course.isSample)?.title).toMatch(/\p{Script=Han}/u)
  })
})
