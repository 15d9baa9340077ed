import { describe, expect, it } from 'vitest'
import type { ChatFile } from '#contracts/chat-file-rules.ts'
import {
  checkChatFile,
  isWaitingForFiles,
  noPendingFiles,
  type PendingFiles,
  type PendingFilesAction,
  pendingFilesReducer,
  readyFilesOf,
} from './chat-files-state.ts'

const megabyte = 1024 * 1024

function run(actions: PendingFilesAction[], state: PendingFiles = noPendingFiles): PendingFiles {
  return actions.reduce(pendingFilesReducer, state)
}

function served(id: string, change: Partial<ChatFile> = {}): ChatFile {
  return {
    id,
    conversationId: 'c1',
    name: 'notes.txt',
    size: 120,
    kind: 'txt',
    status: 'reading',
    failure: null,
    sections: 1,
    attached: false,
    createdAt: '2026-11-26T10:00:00.000Z',
    ...change,
  }
}

const add = (...names: string[]): PendingFilesAction => ({
  type: 'added',
  files: names.map((name, index) => ({ key: `k-${name}-${index}`, name, size: 120 })),
})

describe('what the browser checks before uploading', () => {
  it('takes every format of spec §5 by its extension, in any case', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.bmp', 'a.txt', 'a.pdf', 'a.doc', 'a.docx', 'a.xls'])
      expect(checkChatFile({ name, size: 10 }), name).toBeNull()
    for (const name of ['a.xlsx', 'a.ppt', 'Report.PPTX', '季度報告.pdf'])
      expect(checkChatFile({ name, size: 10 }), name).toBeNull()
  })

  it('refuses other types, and names without an extension', () => {
    for (const name of ['setup.exe', 'page.html', 'notes', '.txt', 'archive.txt.zip'])
      expect(checkChatFile({ name, size: 10 }), name).toBe('CHAT_FILE_TYPE_NOT_ALLOWED')
  })

  it('refuses a file over 50 MB, and an empty one', () => {
    expect(checkChatFile({ name: 'big.pdf', size: 50 * megabyte })).toBeNull()
    expect(checkChatFile({ name: 'big.pdf', size: 50 * megabyte + 1 })).toBe('CHAT_FILE_TOO_LARGE')
    expect(checkChatFile({ name: 'empty.txt', size: 0 })).toBe('CHAT_FILE_EMPTY')
  })
})

describe('the files pending on a question', () => {
  it('adds checked files, and refused ones as failed chips with their reason', () => {
    const state = run([add('notes.txt', 'setup.exe')])
    expect(state.files.map((f) => [f.name, f.status, f.failure])).toEqual([
      ['notes.txt', 'checked', null],
      ['setup.exe', 'failed', 'CHAT_FILE_TYPE_NOT_ALLOWED'],
    ])
  })

  it('refuses a sixth file and keeps the five; a failed chip takes no room', () => {
    const five = run([add('bad.exe', 'a.txt', 'b.txt', 'c.txt'), add('d.txt', 'e.txt', 'f.txt')])
    expect(five.files.map((f) => [f.name, f.failure])).toEqual([
      ['bad.exe', 'CHAT_FILE_TYPE_NOT_ALLOWED'],
      ['a.txt', null],
      ['b.txt', null],
      ['c.txt', null],
      ['d.txt', null],
      ['e.txt', null],
      ['f.txt', 'CHAT_FILE_TOO_MANY'],
    ])
    // Removing one makes room again.
    const [, first] = five.files
    const again = run([{ type: 'removed', key: first?.key ?? '' }, add('g.txt')], five)
    expect(again.files.at(-1)).toMatchObject({ name: 'g.txt', status: 'checked' })
  })

  it('follows an upload: sending, progress, uploaded while being read, then ready', () => {
    let state = run([add('notes.txt')])
    const key = state.files[0]?.key ?? ''
    state = run(
      [
        { type: 'sending', key },
        { type: 'progressed', key, loaded: 30, total: 120 },
      ],
      state,
    )
    expect(state.files[0]).toMatchObject({ status: 'uploading', progress: 0.25 })
    expect(isWaitingForFiles(state)).toBe(true)
    state = run([{ type: 'uploaded', key, outcome: { name: 'notes.txt', file: served('f1') } }], state)
    expect(state.files[0]).toMatchObject({ status: 'reading', fileId: 'f1', kind: 'txt', progress: 1 })
    expect(isWaitingForFiles(state)).toBe(true)
    expect(readyFilesOf(state)).toEqual([])
    // Listed while still being read: nothing changes; then read.
    state = run([{ type: 'listed', files: [served('f1')] }], state)
    expect(state.files[0]?.status).toBe('reading')
    state = run([{ type: 'listed', files: [served('f1', { status: 'ready' })] }], state)
    expect(state.files[0]?.status).toBe('ready')
    expect(isWaitingForFiles(state)).toBe(false)
    expect(readyFilesOf(state).map((f) => f.fileId)).toEqual(['f1'])
  })

  it('fails a file the server could not read, with the server’s reason', () => {
    let state = run([add('scan.pdf')])
    const key = state.files[0]?.key ?? ''
    state = run(
      [
        { type: 'sending', key },
        { type: 'uploaded', key, outcome: { name: 'scan.pdf', file: served('f2', { kind: 'pdf' }) } },
        {
          type: 'listed',
          files: [served('f2', { kind: 'pdf', status: 'failed', failure: 'CHAT_FILE_ENCRYPTED' })],
        },
      ],
      state,
    )
    expect(state.files[0]).toMatchObject({ status: 'failed', failure: 'CHAT_FILE_ENCRYPTED' })
    expect(isWaitingForFiles(state)).toBe(false)
  })

  it('fails a file the server refused, the whole request that failed, and one gone while read', () => {
    let state = run([add('photo.txt', 'b.txt', 'c.txt')])
    const [a, b, c] = state.files.map((f) => f.key)
    state = run(
      [
        { type: 'sending', key: a ?? '' },
        { type: 'uploaded', key: a ?? '', outcome: { name: 'photo.txt', error: 'CHAT_FILE_TYPE_MISMATCH' } },
        { type: 'sending', key: b ?? '' },
        { type: 'failed', key: b ?? '', code: 'NETWORK_ERROR' },
        { type: 'sending', key: c ?? '' },
        { type: 'uploaded', key: c ?? '', outcome: { name: 'c.txt', file: served('f3') } },
        { type: 'listed', files: [] },
      ],
      state,
    )
    expect(state.files.map((f) => [f.status, f.failure])).toEqual([
      ['failed', 'CHAT_FILE_TYPE_MISMATCH'],
      ['failed', 'NETWORK_ERROR'],
      ['failed', 'CHAT_FILE_NOT_FOUND'],
    ])
  })

  it('ignores news about a chip that was removed', () => {
    let state = run([add('notes.txt')])
    const key = state.files[0]?.key ?? ''
    state = run(
      [
        { type: 'sending', key },
        { type: 'removed', key },
        { type: 'progressed', key, loaded: 60, total: 120 },
        { type: 'uploaded', key, outcome: { name: 'notes.txt', file: served('f1') } },
      ],
      state,
    )
    expect(state.files).toEqual([])
  })

  it('sends the ready files, drops failed ones, and puts sent ones back when the question is refused', () => {
    let state = run([add('a.txt', 'bad.exe', 'b.txt')])
    const [a, , b] = state.files.map((f) => f.key)
    state = run(
      [
        { type: 'sending', key: a ?? '' },
        {
          type: 'uploaded',
          key: a ?? '',
          outcome: { name: 'a.txt', file: served('f1', { status: 'ready' }) },
        },
        { type: 'sending', key: b ?? '' },
      ],
      state,
    )
    const ready = readyFilesOf(state)
    const sent = run([{ type: 'sent' }], state)
    expect(sent.files.map((f) => f.name)).toEqual(['b.txt'])
    const restored = run([{ type: 'restored', files: ready }], sent)
    expect(restored.files.map((f) => [f.name, f.status])).toEqual([
      ['a.txt', 'ready'],
      ['b.txt', 'uploading'],
    ])
    expect(run([{ type: 'cleared' }], restored)).toEqual(noPendingFiles)
  })
})
