/**
 * The API client's failure reader reports a 401 here (api-client.ts: `apiErrorOf`, `receivedEnvelope`); the account
 * provider, which knows how to log out, listens. A module-level relay because the client lives outside React.
 */
let listener: (() => void) | undefined

export function onUnauthenticated(next: (() => void) | undefined): () => void {
  listener = next
  return () => {
    if (listener === next) listener = undefined
  }
}

export function notifyUnauthenticated(): void {
  listener?.()
}
