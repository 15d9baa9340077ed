import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { stripServerTypes } from '../scripts/strip-server-types.ts'
import { strippedModulesHookOf } from './node-flags.ts'
import { strippedCopyOf } from './stripped-modules.ts'

const run = promisify(execFile)

let project: string
let buildDir: string

async function writeSource(relative: string, text: string): Promise<string> {
  const file = path.join(project, relative)
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, text)
  return file
}

/** Whether the current thread loaded Node's type stripper, as the fixture modules report it. */
const stripperLoaded = "(process.moduleLoadList as string[]).some((name) => name.includes('amaro'))"

beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'tickerwise-stripped-'))
  buildDir = path.join(project, 'build')
  // The hook the build copies, and a small server: an entry importing a contract and starting a worker thread.
  await writeSource(
    'server/stripped-modules.ts',
    await readFile(new URL('./stripped-modules.ts', import.meta.url), 'utf8'),
  )
  await writeSource('package.json', '{ "type": "module" }')
  await writeSource('contracts/price.ts', 'export const price: number = 42\n')
  await writeSource(
    'server/thread.ts',
    [
      "import { parentPort } from 'node:worker_threads'",
      "import { price } from '../contracts/price.ts'",
      `const loaded: boolean = ${stripperLoaded}`,
      'parentPort!.postMessage({ price, loaded })',
    ].join('\n'),
  )
  await writeSource(
    'server/main.ts',
    [
      "import { Worker } from 'node:worker_threads'",
      "import { price } from '../contracts/price.ts'",
      'interface Answer { price: number; loaded: boolean }',
      "const thread = new Worker(new URL('./thread.ts', import.meta.url))",
      "const answer = await new Promise<Answer>((resolve) => thread.once('message', resolve))",
      'await thread.terminate()',
      `console.log(JSON.stringify({ url: import.meta.url, price, main: ${stripperLoaded}, thread: answer }))`,
    ].join('\n'),
  )
})

afterEach(async () => {
  await rm(project, { recursive: true, force: true })
})

async function startMain(withHook: boolean) {
  const flags = withHook ? [`--import=${pathToFileURL(strippedModulesHookOf(buildDir)).href}`] : []
  const { stdout } = await run(process.execPath, [...flags, path.join(project, 'server/main.ts')], {
    cwd: project,
  })
  return JSON.parse(stdout) as {
    url: string
    price: number
    main: boolean
    thread: { price: number; loaded: boolean }
  }
}

describe('the server started on its stripped modules', () => {
  it('runs the same code without loading the type stripper in its main thread or its worker threads', async () => {
    expect(await stripServerTypes(buildDir, project)).toBe(4)
    const withHook = await startMain(true)
    expect(withHook).toEqual({
      url: pathToFileURL(path.join(project, 'server/main.ts')).href,
      price: 42,
      main: false,
      thread: { price: 42, loaded: false },
    })
    // Without the hook, as in development, Node strips the same files itself.
    const withoutHook = await startMain(false)
    expect(withoutHook.main).toBe(true)
    expect(withoutHook.thread).toEqual({ price: 42, loaded: true })
  })

  it('loads a file changed since the build from its source, never the stale copy', async () => {
    await stripServerTypes(buildDir, project)
    const changed = await writeSource('contracts/price.ts', 'export const price: number = 43\n')
    const later = new Date(Date.now() + 60_000)
    await utimes(changed, later, later)
    const answer = await startMain(true)
    expect(answer.price).toBe(43)
    expect(answer.thread.price).toBe(43)
  })
})

describe('strippedCopyOf', () => {
  it('names the copy of a project TypeScript file, and nothing for other modules or missing copies', async () => {
    await stripServerTypes(buildDir, project)
    const root = pathToFileURL(`${project}/`).href
    const copies = new URL('server-modules/', pathToFileURL(`${buildDir}/`))
    expect(strippedCopyOf(`${root}contracts/price.ts`, root, copies)?.href).toBe(
      new URL('contracts/price.js', copies).href,
    )
    expect(strippedCopyOf(`${root}server/absent.ts`, root, copies)).toBeUndefined()
    expect(strippedCopyOf('file:///elsewhere/server/main.ts', root, copies)).toBeUndefined()
    expect(strippedCopyOf(`${root}node_modules/x/index.js`, root, copies)).toBeUndefined()
  })
})

describe('stripServerTypes', () => {
  it('fails the build on TypeScript that cannot be stripped, naming the file', async () => {
    await writeSource('server/sides.ts', 'export enum Side { Buy, Sell }\n')
    await expect(stripServerTypes(buildDir, project)).rejects.toThrow('server/sides.ts')
  })
})
