import { describe, expect, it } from 'vitest'
import { consolePageOf, consoleSectionsOf, sectionOfPage } from './console-view.ts'

describe('the console’s Outbox', () => {
  it('opens to admins only', () => {
    expect(consoleSectionsOf(['admin'])).toContain('outbox')
    for (const role of ['editor', 'analyst', 'support'] as const)
      expect(consoleSectionsOf([role])).not.toContain('outbox')
  })

  it('reads the list and one message from the address', () => {
    expect(consolePageOf('outbox')).toEqual({ page: 'outbox' })
    const id = '3443E320-4C10-4878-B35D-8747B45610D8'
    expect(consolePageOf(`outbox/${id}`)).toEqual({ page: 'outbox-message', messageId: id.toLowerCase() })
    expect(sectionOfPage(consolePageOf(`outbox/${id}`))).toBe('outbox')
    expect(consolePageOf('outbox/not-an-id')).toEqual({ page: 'unknown' })
  })
})
