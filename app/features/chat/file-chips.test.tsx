import { describe, expect, it } from 'vitest'
import { renderMarkup, textOf } from '#app/features/stocks/testing/render-markup.tsx'
import type { ChatMessage } from '#contracts/chat-rules.ts'
import type { FileTray } from './chat-file-tray.ts'
import type { PendingFile, PendingFiles } from './chat-files-state.ts'
import { FileChips } from './file-chips.tsx'
import { QuestionView } from './message-view.tsx'

/** A tray that holds the given chips (the component reads the tray's store). */
function trayOf(files: PendingFile[]): FileTray {
  const state: PendingFiles = { files }
  return {
    getState: () => state,
    subscribe: () => () => undefined,
    add: () => undefined,
    remove: () => undefined,
    takeForQuestion: () => ({ attachments: [], fileIds: undefined, putBack: () => undefined }),
    clear: () => undefined,
  }
}

function chip(change: Partial<PendingFile>): PendingFile {
  return {
    key: 'k1',
    name: 'results.txt',
    size: 2048,
    status: 'checked',
    progress: 0,
    fileId: null,
    kind: null,
    failure: null,
    ...change,
  }
}

function render(files: PendingFile[], locale: 'en' | 'zh-Hant' = 'en') {
  return renderMarkup(
    <FileChips
      tray={trayOf(files)}
      displayLocale={locale === 'en' ? 'en-US' : 'zh-TW'}
      onAnnounce={() => undefined}
    />,
    { locale },
  )
}

describe('the chips of the files pending on a question', () => {
  it('show an upload’s progress as a labelled progress bar', () => {
    const html = render([chip({ status: 'uploading', progress: 0.42 })])
    expect(html).toContain('role="progressbar"')
    expect(html).toContain('aria-valuenow="42"')
    expect(html).toContain('aria-label="Uploading results.txt"')
    expect(textOf(html)).toContain('2 kB · Uploading 42%')
    expect(html).toContain('aria-label="Remove results.txt"')
  })

  it('say a file is being read, then ready, without a progress bar', () => {
    expect(textOf(render([chip({ status: 'reading' })]))).toContain('Reading…')
    const ready = render([chip({ status: 'ready', fileId: 'f1', kind: 'txt' })])
    expect(textOf(ready)).toContain('Ready')
    expect(ready).not.toContain('progressbar')
  })

  it('say “Upload failed” with the reason, in both languages', () => {
    const failed = chip({ status: 'failed', failure: 'CHAT_FILE_TYPE_MISMATCH' })
    expect(textOf(render([failed]))).toContain(
      'Upload failed' + " The file's name does not match its content (it may have been renamed).",
    )
    expect(textOf(render([failed], 'zh-Hant'))).toContain('上傳失敗 檔案名稱與內容不符（可能已被改名）。')
    expect(textOf(render([chip({ status: 'failed', failure: 'SOMETHING_NEW' })]))).toContain(
      'Oops! An unknown error occurred',
    )
  })

  it('cut a long name in the middle and keep it whole in the title, as text only', () => {
    const name = '<b>Quarterly</b> results of Tencent Holdings 2026.pdf'
    const html = render([chip({ name })])
    expect(html).not.toContain('<b>')
    expect(html).toContain('title="&lt;b&gt;Quarterly&lt;/b&gt; results of Tencent Holdings 2026.pdf"')
    expect(textOf(html)).toContain('<b>Quarterly</b> re…2026.pdf')
  })
})

describe('a sent question’s files', () => {
  it('are listed under its text as names and sizes, never links', () => {
    const message: ChatMessage = {
      id: 'q1',
      conversationId: 'c1',
      role: 'question',
      text: 'What does the report say?',
      status: 'complete',
      sources: [],
      attachments: [
        { id: 'f1', name: 'report.pdf', size: 3 * 1024 * 1024, kind: 'pdf' },
        { id: 'f2', name: 'chart.png', size: 500, kind: 'png' },
      ],
      vote: null,
      voteNote: null,
      assistant: null,
      isDemo: false,
      locale: 'en',
      createdAt: '2026-11-26T10:00:00.000Z',
    }
    const html = renderMarkup(<QuestionView message={message} displayLocale="en-US" />)
    expect(html).toContain('aria-label="Attached files"')
    expect(textOf(html)).toContain('report.pdf 3 MB chart.png 500 bytes')
    expect(html).not.toContain('<a ')
    expect(html).not.toContain('<button')
  })
})
