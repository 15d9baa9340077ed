/** The root loader's data (region, language, public configuration) for any component below the root. */
import { useRouteLoaderData } from 'react-router'
import type { RootData } from './root.tsx'

export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>('root')
  if (!data) throw new Error('useRootData used outside the root route')
  return data
}

/** Same, but tolerates error screens rendered before the root loader ran. */
export function useOptionalRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root')
}
