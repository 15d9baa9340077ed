/**
 * Where an uncached render's CPU time goes: the production entry (as bench/render-cost.bench.ts: PGlite, one
 * process, the page cache off, no scheduled jobs) runs under `--cpu-prof`, each page is asked for 50 times to warm
 * up and then RENDER_PROFILE_REQUESTS (200) times, and the main thread's profile of those requests alone is printed
 * as a text flame graph: the frames with the most self and total time, and self time per package or file, in ms per
 * request. RENDER_PROFILE_PAGES picks pages (comma-separated of article-en, article-hant, list-en, list-hant,
 * home-en, home-hant; default all); RENDER_PROFILE_ROWS (25) the rows per table; RENDER_PROFILE_KEEP=1 keeps the
 * .cpuprofile files (for a browser's flame chart) and prints where.
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { startBenchProcess } from './support/bench-process.ts'
import { type CpuProfile, printSummary, summarise } from './support/profile-summary.ts'

const requests = Number(process.env.RENDER_PROFILE_REQUESTS ?? 200)
const rows = Number(process.env.RENDER_PROFILE_ROWS ?? 25)
const keep = process.env.RENDER_PROFILE_KEEP === '1'
const warmUpRequests = 50

const profileDir = await mkdtemp(path.join(os.tmpdir(), 'tickerwise-render-profile-'))
const server = await startBenchProcess({
  DATABASE_URL: '',
  REDIS_URL: '',
  PAGE_CACHE_SECONDS: '0',
  JOBS_ENABLED: 'false',
  LOG_LEVEL: process.env.LOG_LEVEL || 'info',
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${profileDir}`.trim(),
})

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
function get(pagePath: string, host: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(
        `${server.url}${pagePath}`,
        {
          agent,
          headers: {
            host,
            cookie,
            accept: 'text/html',
            'accept-encoding': 'gzip, deflate, br',
            'sec-fetch-dest': 'document',
            'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36',
          },
        },
        (response) => {
          response.resume()
          response.on('end', () => resolve(response.statusCode ?? 0))
          response.on('error', reject)
        },
      )
      .on('error', reject)
  })
}

const windows: Array<{ name: string; fromUs: number; toUs: number }> = []
try {
  const list = await fetch(`${server.url}/api/portal/article/list?pageSize=1`, {
    headers: { host: server.hostOf('en'), lang: 'en' },
  })
  const key = ((await list.json()) as { data: { rows: Array<{ key: string }> } }).data.rows[0]?.key
  if (!key) throw new Error('no article to load')
  const all = (['en', 'hant'] as const).flatMap((region) => {
    const cookie = `privacy=accepted; landing=%2F; i18n_redirected=${region}`
    const host = server.hostOf(region)
    return [
      { name: `article-${region}`, path: `/articles/${key}`, host, cookie },
      { name: `list-${region}`, path: '/articles', host, cookie },
      { name: `home-${region}`, path: '/', host, cookie },
    ]
  })
  const wanted = process.env.RENDER_PROFILE_PAGES?.split(',').map((name) => name.trim())
  const pages = wanted ? all.filter((page) => wanted.includes(page.name)) : all
  if (pages.length === 0) throw new Error(`RENDER_PROFILE_PAGES names none of ${all.map((p) => p.name)}`)
  for (const page of pages) {
    for (let i = 0; i < warmUpRequests; i++) {
      const status = await get(page.path, page.host, page.cookie)
      if (status !== 200) throw new Error(`${page.name}: ${status}`)
    }
    const fromUs = Number(process.hrtime.bigint() / 1000n)
    for (let i = 0; i < requests; i++) await get(page.path, page.host, page.cookie)
    windows.push({ name: page.name, fromUs, toUs: Number(process.hrtime.bigint() / 1000n) })
  }
} finally {
  agent.destroy()
  await server.stop()
}

// Node names the main thread's profile CPU.<date>.<time>.<pid>.0.<n>.cpuprofile (0: the main thread). The entry
// starts itself again with the server's settings (server/node-flags.ts): same pid, the first profile is a moment long.
const files = await readdir(profileDir)
const mainFiles = await Promise.all(
  files
    .filter((file) => file.includes(`.${server.pid}.0.`))
    .map(async (file) => ({ file, size: (await stat(path.join(profileDir, file))).size })),
)
const mainFile = mainFiles.sort((a, b) => b.size - a.size)[0]?.file
if (!mainFile) throw new Error(`no main-thread profile in ${profileDir}`)
const profile = JSON.parse(await readFile(path.join(profileDir, mainFile), 'utf8')) as CpuProfile
for (const window of windows) {
  console.log(`\n## ${window.name}: main thread, ${requests} uncached requests`)
  printSummary(summarise(profile, window), rows, requests)
}
if (keep) {
  await writeFile(path.join(profileDir, 'windows.json'), JSON.stringify({ mainFile, windows }))
  console.log(`\nProfiles kept in ${profileDir} (windows.json: each page's requests, in the profile's clock)`)
} else await rm(profileDir, { recursive: true, force: true })
