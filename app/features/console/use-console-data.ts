/**
 * Loads a console page's data from /api/console in the browser, again whenever its key (the address's filters, an
 * id) changes or the page asks (after a change). The answer of an older key never replaces a newer one's.
 */
import { useCallback, useEffect, useState } from 'react'

export interface ConsoleData<T> {
  data: T | null
  error: unknown
  isLoading: boolean
  reload(): void
}

export function useConsoleData<T>(load: () => Promise<T>, key: string): ConsoleData<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; isLoading: boolean }>({
    data: null,
    error: null,
    isLoading: true,
  })
  const [version, setVersion] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` reads; `load` is a new function every render
  useEffect(() => {
    let isCurrent = true
    setState((current) => ({ ...current, isLoading: true }))
    load()
      .then((data) => {
        if (isCurrent) setState({ data, error: null, isLoading: false })
      })
      .catch((error: unknown) => {
        if (isCurrent) setState({ data: null, error, isLoading: false })
      })
    return () => {
      isCurrent = false
    }
  }, [key, version])
  const reload = useCallback(() => setVersion((value) => value + 1), [])
  return { ...state, reload }
}
