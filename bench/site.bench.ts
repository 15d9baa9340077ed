/**
 * The shell's speed on loopback, in one run: a static asset, the about-us page (server-rendered) and the menu API.
 * Run with `npm run bench -- site` (builds first when needed). Figures vary with the machine; compare runs on the
 * same machine only.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { startBenchServer } from './support/bench-server.ts'
import { measureLoad, printLoadTable } from './support/load.ts'

const server = await startBenchServer()
try {
  const buildDir = path.resolve(process.env.BUILD_DIR || 'build')
  const asset = readdirSync(path.join(buildDir, 'client/assets')).find((file) => file.endsWith('.css'))
  const host = server.hostOf('en')
  const cookie = 'privacy=accepted; landing=%2F; i18n_redirected=en'
  const results = [
    await measureLoad({
      name: `static /assets/${asset}`,
      url: `${server.url}/assets/${asset}`,
      headers: { host },
    }),
    await measureLoad({
      name: 'page /about-us',
      url: `${server.url}/about-us`,
      headers: { host, cookie, accept: 'text/html' },
    }),
    await measureLoad({
      name: 'api /home/listMenu',
      url: `${server.url}/api/portal/home/listMenu`,
      headers: { host, lang: 'en' },
    }),
  ]
  printLoadTable('Site shell (20 connections, 10 s each, loopback)', results)
} finally {
  await server.close()
}
