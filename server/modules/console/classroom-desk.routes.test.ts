import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ClassroomCatalogue,
  ClassroomErrorCode,
  type ConsoleClassroomCourse,
  type ConsoleClassroomCourseDetail,
  type ConsoleClassroomLesson,
} from '#contracts/classroom-rules.ts'
import { type AuditPage, ConsoleErrorCode } from '#contracts/console-rules.ts'
import { insertSampleClassroomIfEmpty } from '#server/modules/classroom/classroom.seed.ts'
import { createConsoleClients, type StaffClient } from '#server/testing/console-clients.ts'
import { expectFailure } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

const clients = createConsoleClients({ ipPrefix: '10.92', phonePrefix: '9192' })
let runtime: TestRuntime
let analyst: StaffClient
let admin: StaffClient

const course = {
  kind: 'options',
  title: { en: 'Options for income', 'zh-Hant': '以期權收息' },
  summary: { en: 'Covered calls and cash-secured puts.', 'zh-Hant': '備兌認購與現金擔保認沽。' },
  position: 7,
  published: true,
}
const lesson = {
  title: { en: 'Covered calls', 'zh-Hant': '備兌認購' },
  access: 'partial',
  videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  durationMinutes: 25,
  liveStartsAt: '2026-12-01T20:00',
  liveJoinUrl: 'https://live.example.com/covered-calls',
  notes: {
    en: '## Income\n\nSell a call you would be glad to see exercised.',
    'zh-Hant': '## 收入\n\n沽出認購。',
  },
  attachments: [{ name: { en: 'Checklist', 'zh-Hant': '清單' }, url: '/stocks-valuation' }],
}

async function auditOf(entity: string, entityId: string): Promise<AuditPage> {
  return (await clients.call(admin, 'GET', '/audit', { query: { entity, entityId } })).json().data
}

beforeAll(async () => {
  // The firm's clock is Hong Kong's: a live start typed 20:00 is 12:00 UTC.
  runtime = await createTestRuntime({ LIMITS_TIME_ZONE: 'Asia/Hong_Kong' }, { smsSender: clients.smsSender })
  clients.bind(runtime)
  analyst = await clients.newStaff(['analyst'])
  admin = await clients.newStaff(['admin'])
})
afterAll(() => runtime.close())

describe('classroom in the console', () => {
  it('lets analysts and admins in, refuses editors and support (403) and visitors (401)', async () => {
    for (const staff of [analyst, admin]) {
      const response = await clients.call(staff, 'GET', '/classroom/courses')
      expect(response.statusCode).toBe(200)
      const courses = response.json().data as ConsoleClassroomCourse[]
      expect(courses.filter((row) => row.isSample)).toHaveLength(4)
    }
    for (const role of ['editor', 'support'] as const) {
      const staff = await clients.newStaff([role])
      expectFailure(
        await clients.call(staff, 'GET', '/classroom/courses'),
        403,
        ConsoleErrorCode.roleRequired,
      )
      expectFailure(
        await clients.call(staff, 'POST', '/classroom/courses', { body: course }),
        403,
        ConsoleErrorCode.roleRequired,
      )
    }
    expectFailure(await clients.call(null, 'GET', '/classroom/courses'), 401, 'UNAUTHENTICATED')
  })

  it('creates, edits and removes a course and its lessons, auditing every change', async () => {
    const created = await clients.call(analyst, 'POST', '/classroom/courses', { body: course })
    expect(created.statusCode).toBe(200)
    const saved = created.json().data as ConsoleClassroomCourse
    expect(saved).toMatchObject({ ...course, slug: 'options-for-income', isSample: false, lessonCount: 0 })

    const first = (
      await clients.call(analyst, 'POST', `/classroom/courses/${saved.id}/lessons`, { body: lesson })
    ).json().data as ConsoleClassroomLesson
    expect(first).toMatchObject({
      position: 0,
      title: lesson.title,
      liveStartsAt: '2026-12-01T12:00:00.000Z',
      notes: lesson.notes,
      attachments: lesson.attachments,
    })
    const second = (
      await clients.call(analyst, 'POST', `/classroom/courses/${saved.id}/lessons`, {
        body: { title: { en: 'Puts', 'zh-Hant': '認沽' }, access: 'full' },
      })
    ).json().data as ConsoleClassroomLesson
    expect(second.position).toBe(1)

    const edited = await clients.call(analyst, 'PUT', `/classroom/lessons/${first.id}`, {
      body: {
        ...lesson,
        title: { en: 'Covered calls, revised', 'zh-Hant': '備兌認購（修訂）' },
        notes: { en: 'Only English now.', 'zh-Hant': '' },
      },
    })
    expect(edited.statusCode).toBe(200)
    expect((edited.json().data as ConsoleClassroomLesson).notes).toEqual({
      en: 'Only English now.',
      'zh-Hant': '',
    })

    const reordered = await clients.call(analyst, 'PUT', `/classroom/courses/${saved.id}/lesson-order`, {
      body: { lessonIds: [second.id, first.id] },
    })
    expect((reordered.json().data as ConsoleClassroomLesson[]).map((row) => row.id)).toEqual([
      second.id,
      first.id,
    ])
    expectFailure(
      await clients.call(analyst, 'PUT', `/classroom/courses/${saved.id}/lesson-order`, {
        body: { lessonIds: [second.id] },
      }),
      400,
      ClassroomErrorCode.lessonOrderInvalid,
    )

    const detail = (await clients.call(analyst, 'GET', `/classroom/courses/${saved.id}`)).json()
      .data as ConsoleClassroomCourseDetail
    expect(detail.course.lessonCount).toBe(2)
    expect(detail.lessons.map((row) => row.title.en)).toEqual(['Puts', 'Covered calls, revised'])

    // Readers see it, with the YouTube link as a privacy-enhanced player.
    const premium = await clients.readers.newMember('premium')
    const catalogue = (await clients.readers.get(premium, '/classroom/catalogue')).json()
      .data as ClassroomCatalogue
    expect(catalogue.courses.find((row) => row.id === saved.id)?.lessons.map((row) => row.title)).toEqual([
      'Puts',
      'Covered calls, revised',
    ])
    const reading = (await clients.readers.get(premium, '/classroom/lesson', { id: first.id })).json().data
    expect(reading.content.video).toEqual({
      kind: 'embed',
      provider: 'youtube',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      url: lesson.videoUrl,
    })

    expect((await clients.call(analyst, 'DELETE', `/classroom/lessons/${second.id}`)).json().data).toEqual({
      deleted: true,
    })
    expect((await clients.call(analyst, 'DELETE', `/classroom/courses/${saved.id}`)).json().data).toEqual({
      removed: true,
    })
    expectFailure(
      await clients.call(analyst, 'GET', `/classroom/courses/${saved.id}`),
      404,
      ClassroomErrorCode.courseNotFound,
    )
    const listed = (await clients.call(analyst, 'GET', '/classroom/courses')).json()
      .data as ConsoleClassroomCourse[]
    expect(listed.map((row) => row.id)).not.toContain(saved.id)

    const courseActions = (await auditOf('classroom_course', saved.id)).rows.map((entry) => entry.action)
    expect(courseActions.sort()).toEqual(
      ['classroom_course.create', 'classroom_course.remove', 'classroom_lesson.reorder'].sort(),
    )
    const lessonEntries = (await auditOf('classroom_lesson', first.id)).rows
    expect(lessonEntries.map((entry) => entry.action).sort()).toEqual(
      ['classroom_lesson.create', 'classroom_lesson.update'].sort(),
    )
    expect(lessonEntries.every((entry) => entry.actor?.memberId === analyst.memberId)).toBe(true)
    expect((await auditOf('classroom_lesson', second.id)).rows.map((entry) => entry.action)).toContain(
      'classroom_lesson.delete',
    )
  })

  it('refuses each invalid field with its own code', async () => {
    const target = (await clients.call(analyst, 'POST', '/classroom/courses', { body: course })).json()
      .data as ConsoleClassroomCourse
    const courseFailure = await clients.call(analyst, 'POST', '/classroom/courses', {
      body: { ...course, title: { en: 'Only English', 'zh-Hant': ' ' }, position: 5000 },
    })
    expect(courseFailure.statusCode).toBe(400)
    expect(courseFailure.json().fields).toEqual(
      expect.arrayContaining([
        { field: 'title.zh-Hant', code: ClassroomErrorCode.titleRequired },
        { field: 'position', code: ClassroomErrorCode.positionInvalid },
      ]),
    )
    const lessonFailure = await clients.call(analyst, 'POST', `/classroom/courses/${target.id}/lessons`, {
      body: {
        ...lesson,
        videoUrl: 'http://insecure.example.com/video',
        durationMinutes: 0,
        liveStartsAt: 'tomorrow',
        liveJoinUrl: 'javascript:alert(1)',
        attachments: [{ name: { en: '', 'zh-Hant': '清單' }, url: 'ftp://files.example.com' }],
      },
    })
    expect(lessonFailure.statusCode).toBe(400)
    expect(lessonFailure.json().fields).toEqual(
      expect.arrayContaining([
        { field: 'videoUrl', code: ClassroomErrorCode.videoUrlInvalid },
        { field: 'durationMinutes', code: ClassroomErrorCode.durationInvalid },
        { field: 'liveStartsAt', code: ClassroomErrorCode.liveTimeInvalid },
        { field: 'liveJoinUrl', code: ClassroomErrorCode.joinUrlInvalid },
        { field: 'attachments.0.name.en', code: ClassroomErrorCode.attachmentNameRequired },
        { field: 'attachments.0.url', code: ClassroomErrorCode.attachmentUrlInvalid },
      ]),
    )
    expect(lessonFailure.json().message).toMatch(/https:\/\//)
    const missingStart = await clients.call(analyst, 'POST', `/classroom/courses/${target.id}/lessons`, {
      body: { ...lesson, liveStartsAt: '' },
    })
    expect(missingStart.json().fields).toEqual([
      { field: 'liveStartsAt', code: ClassroomErrorCode.liveTimeMissing },
    ])
    expectFailure(
      await clients.call(analyst, 'POST', '/classroom/courses/00000000-0000-4000-8000-000000000000/lessons', {
        body: lesson,
      }),
      404,
      ClassroomErrorCode.courseNotFound,
    )
  })

  it('keeps removed sample courses removed when the seed runs again', async () => {
    const courses = (await clients.call(analyst, 'GET', '/classroom/courses')).json()
      .data as ConsoleClassroomCourse[]
    const sample = courses.find((row) => row.isSample) as ConsoleClassroomCourse
    await clients.call(analyst, 'DELETE', `/classroom/courses/${sample.id}`)
    await insertSampleClassroomIfEmpty(runtime.database.db)
    const after = (await clients.call(analyst, 'GET', '/classroom/courses')).json()
      .data as ConsoleClassroomCourse[]
    expect(after.map((row) => row.id)).not.toContain(sample.id)
    expect(after.filter((row) => row.isSample)).toHaveLength(3)
  })
})
