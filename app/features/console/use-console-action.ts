/**
 * What a console page says around a change it asks of the API (a save, a removal, a move): busy while the call
 * runs, then either the line saying what it did (ConsoleNotice) or the failure it ended in (ConsoleError, and the
 * refused fields beside their fields). Every section's changes go through it, so each says the same things the same
 * way: a new call clears what the last one said. What a failure means beyond that (a stale save that offers the
 * newer version, a conflict that reloads) stays with the section: its call catches it and throws it on.
 */
import { useMemo, useState } from 'react'

export interface ConsoleActionState {
  isBusy: boolean
  error: unknown
  notice: string
}

/** What a call resolves to: the notice to show, or nothing to say. */
// biome-ignore lint/suspicious/noConfusingVoidType: a call with nothing to say is an async function returning nothing
export type ActionCall = () => Promise<string | undefined | void>

export interface ConsoleAction extends ConsoleActionState {
  /** Runs `call`, the notice being what it resolves to; true when it succeeded. */
  run(call: ActionCall): Promise<boolean>
  /** Shows a failure of no call of this action's (a form's own checks, a load that fed it). */
  setError(error: unknown): void
  /** Says something without a call (what a form elsewhere on the page saved); '' says nothing. */
  setNotice(notice: string): void
}

export const idleAction: ConsoleActionState = { isBusy: false, error: null, notice: '' }

/** The states one call goes through, reported to `update` as changes: busy (nothing said), then done or failed. */
export async function performAction(
  call: ActionCall,
  update: (change: Partial<ConsoleActionState>) => void,
): Promise<boolean> {
  update({ isBusy: true, error: null, notice: '' })
  try {
    const notice = await call()
    update({ isBusy: false, notice: notice ?? '' })
    return true
  } catch (error) {
    update({ isBusy: false, error })
    return false
  }
}

export function useConsoleAction(): ConsoleAction {
  const [state, setState] = useState<ConsoleActionState>(idleAction)
  // The functions keep their identity from render to render (an effect may call them); the state is read fresh.
  const calls = useMemo(() => {
    const update = (change: Partial<ConsoleActionState>) => setState((current) => ({ ...current, ...change }))
    return {
      run: (call: ActionCall) => performAction(call, update),
      setError: (error: unknown) => update({ error }),
      setNotice: (notice: string) => update({ notice }),
    }
  }, [])
  return useMemo(() => ({ ...state, ...calls }), [state, calls])
}
