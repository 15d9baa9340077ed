/**
 * The newsroom API tests' shared start: a site runtime on the firm's clock (Hong Kong time, so 08:00 UTC is 16:00 on
 * the wall clock), two editors (one on the Chinese site), an admin, and the newsroom's options.
 */
import type { NewsroomOptions } from '#contracts/console-rules.ts'
import type { Clock } from '#server/clock.ts'
import type { createConsoleClients, StaffClient } from '#server/testing/console-clients.ts'
import { type ConsoleSiteRuntime, startConsoleSiteRuntime } from './console-site-runtime.ts'

export interface NewsroomRuntime {
  site: ConsoleSiteRuntime
  editor: StaffClient
  otherEditor: StaffClient
  admin: StaffClient
  options: NewsroomOptions
}

export async function startNewsroomRuntime(
  clients: ReturnType<typeof createConsoleClients>,
  { clock, dataDirPrefix }: { clock: Clock; dataDirPrefix: string },
): Promise<NewsroomRuntime> {
  const site = await startConsoleSiteRuntime(clients, {
    env: { LIMITS_TIME_ZONE: 'Asia/Hong_Kong', SEARCH_RATE_PER_MINUTE: '10000' },
    clock,
    dataDirPrefix,
  })
  const editor = await clients.newStaff(['editor'])
  const otherEditor = await clients.newStaff(['editor'], 'hant')
  const admin = await clients.newStaff(['admin'])
  const options = (await clients.call(editor, 'GET', '/articles/options')).json().data as NewsroomOptions
  return { site, editor, otherEditor, admin, options }
}
