import { describe, expect, it } from 'vitest'
import {
  environmentWithTunables,
  missingServerFlags,
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
      '--max-semi-space-size=16',
    )
    expect(missingServerFlags([], '--enable-source-maps --max_semi_space_size=8')).not.toContain(
      '--max-semi-space-size=16',
    )
  })

  it('keeps asking for its flags whatever else the process was started with', () => {
    expect(missingServerFlags(['--import', './probe.mjs'], '--enable-source-maps')).toEqual([
      ...serverV8Flags,
    ])
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
