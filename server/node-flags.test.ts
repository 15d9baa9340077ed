import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  canStartAgain,
  environmentWithTunables,
  missingServerFlags,
  missingStrippedModulesFlag,
  serverMallocTunables,
  serverV8Flags,
} from './node-flags.ts'

describe('missingServerFlags', () => {
  it('asks for every server flag when the process was started without any', () => {
    expect(missingServerFlags([], undefined)).toEqual([...serverV8Flags])
  })

  it('asks for none once the process runs with them', () => {
    expect(missingServerFlags([...serverV8Flags], undefined)).toEqual([])
  })

  it("leaves a flag the operator set, on the command line or in NODE_OPTIONS, to the operator's value", () => {
    expect(missingServerFlags(['--max-semi-space-size=64'], undefined)).not.toContain(
      '--max-semi-space-size=8',
    )
    expect(missingServerFlags([], '--enable-source-maps --max_semi_space_size=32')).not.toContain(
      '--max-semi-space-size=8',
    )
  })

  it('keeps asking for its flags whatever else the process was started with', () => {
    expect(missingServerFlags(['--import', './probe.mjs'], '--enable-source-maps')).toEqual([
      ...serverV8Flags,
    ])
  })
})

describe('missingStrippedModulesFlag', () => {
  it("asks to load the build's stripped modules when the build has them, once, beside the operator's imports", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'tickerwise-stripped-flag-'))
    try {
      const hook = path.join(folder, 'stripped-modules.js')
      const flag = `--import=${pathToFileURL(hook).href}`
      expect(missingStrippedModulesFlag([], undefined, hook)).toEqual([])
      await writeFile(hook, '')
      expect(missingStrippedModulesFlag(['--import', './otel.mjs'], undefined, hook)).toEqual([flag])
      expect(missingStrippedModulesFlag([flag], undefined, hook)).toEqual([])
      expect(missingStrippedModulesFlag([], `--enable-source-maps ${flag}`, hook)).toEqual([])
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})

describe('environmentWithTunables', () => {
  it('adds the allocator settings to a process started without any, keeping the rest of its environment', () => {
    expect(environmentWithTunables({ PORT: '3000' })).toEqual({
      PORT: '3000',
      GLIBC_TUNABLES: serverMallocTunables,
    })
  })

  it('asks for no relaunch once they are there, or when the operator set tunables of their own', () => {
    expect(environmentWithTunables({ GLIBC_TUNABLES: serverMallocTunables })).toBeUndefined()
    expect(environmentWithTunables({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=4' })).toBeUndefined()
  })
})

describe('startAgain', () => {
  it.runIf(canStartAgain)(
    'replaces the process with a new start of the same command: same id, arguments and environment, one output',
    async () => {
      const folder = await mkdtemp(path.join(os.tmpdir(), 'tickerwise-start-again-'))
      try {
        const marker = path.join(folder, 'started')
        const child = spawn(process.execPath, ['server/testing/start-again-fixture.ts', marker], {
          env: { ...process.env, START_AGAIN_VARIABLE: 'kept' },
          stdio: ['ignore', 'pipe', 'inherit'],
        })
        let stdout = ''
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString()
        })
        await new Promise((resolve) => child.once('exit', resolve))
        expect(child.exitCode).toBe(0)
        const firstPid = Number(await readFile(marker, 'utf8'))
        expect(stdout.trim().split('\n')).toEqual([
          JSON.stringify({ pid: child.pid, args: [marker], variable: 'kept' }),
        ])
        expect(firstPid).toBe(child.pid)
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
    },
  )
})
