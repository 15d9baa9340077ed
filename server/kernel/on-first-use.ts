/**
 * Code a process may never need, loaded on first use (ADR 0025): `load` runs at the first call and every call shares
 * its promise, a failure included (a missing optional library is a misconfiguration, not something to retry per
 * request).
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () => {
    loading ??= load()
    return loading
  }
}
