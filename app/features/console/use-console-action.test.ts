import { describe, expect, it } from 'vitest'
import { type ActionCall, type ConsoleActionState, idleAction, performAction } from './use-console-action.ts'

/** The states a run goes through, each as the page would draw it. */
async function statesOf(call: ActionCall, from = idleAction) {
  let state: ConsoleActionState = from
  const seen: ConsoleActionState[] = []
  const isDone = await performAction(call, (change) => {
    state = { ...state, ...change }
    seen.push(state)
  })
  return { isDone, seen }
}

describe('performAction', () => {
  it('is busy while the call runs, then says what the call resolved to', async () => {
    const { isDone, seen } = await statesOf(async () => 'Saved.')
    expect(isDone).toBe(true)
    expect(seen).toEqual([
      { isBusy: true, error: null, notice: '' },
      { isBusy: false, error: null, notice: 'Saved.' },
    ])
  })

  it('says nothing after a call that resolves to nothing', async () => {
    const { seen } = await statesOf(async () => undefined)
    expect(seen.at(-1)).toEqual({ isBusy: false, error: null, notice: '' })
  })

  it('keeps the failure of a refused call and reports it did not succeed', async () => {
    const failure = new Error('refused')
    const { isDone, seen } = await statesOf(async () => {
      throw failure
    })
    expect(isDone).toBe(false)
    expect(seen.at(-1)).toEqual({ isBusy: false, error: failure, notice: '' })
  })

  it('clears what the last call said as the next one starts', async () => {
    const { seen } = await statesOf(async () => 'Removed.', {
      isBusy: false,
      error: new Error('earlier'),
      notice: 'Saved.',
    })
    expect(seen[0]).toEqual({ isBusy: true, error: null, notice: '' })
  })
})
