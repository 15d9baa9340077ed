import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'

describe('refusing the network', () => {
  it('makes fetch, WebSocket, node:http and raw sockets throw before any connection is tried', async () => {
    // In a thread of its own: the refusal is for the process or thread that reads, not for the test's.
    const thread = new Worker(
      `
      const { parentPort } = require('node:worker_threads')
      const attempt = async (run) => {
        try { await run(); return 'reached' } catch (error) { return error.message }
      }
      import(${JSON.stringify(new URL('./network-refusal.ts', import.meta.url).href)}).then(async ({ refuseNetwork }) => {
        refuseNetwork('reading')
        const net = require('node:net')
        const http = require('node:http')
        parentPort.postMessage([
          await attempt(() => fetch('http://127.0.0.1:9/data')),
          await attempt(() => new WebSocket('ws://127.0.0.1:9/')),
          await attempt(() => http.get('http://127.0.0.1:9/data')),
          await attempt(() => net.connect(9, '127.0.0.1')),
          await attempt(() => net.connect({ path: '/tmp/some.sock' })),
        ])
      })
      `,
      { eval: true },
    )
    try {
      const [answers] = (await new Promise((resolve, reject) => {
        thread.once('message', (message) => resolve([message]))
        thread.once('error', reject)
      })) as [string[]]
      expect(answers).toEqual([
        'reading tried to reach the network (http://127.0.0.1:9/data): refused',
        'reading tried to reach the network (ws://127.0.0.1:9/): refused',
        'reading tried to reach the network (127.0.0.1:9): refused',
        'reading tried to reach the network (127.0.0.1:9): refused',
        'reading tried to reach the network (/tmp/some.sock): refused',
      ])
    } finally {
      await thread.terminate()
    }
  })
})
