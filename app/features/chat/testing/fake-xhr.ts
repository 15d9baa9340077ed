/**
 * A stand-in for the browser's XMLHttpRequest in unit tests (Node has none): it records what was sent and lets the
 * test play the server's side — upload progress, an answer with its status and headers, a network failure — through
 * the same handlers a browser calls. Tests only.
 */
export class FakeXhr {
  /** Every request sent since the last `reset`, oldest first. */
  static sent: FakeXhr[] = []

  static reset(): void {
    FakeXhr.sent = []
  }

  method = ''
  url = ''
  withCredentials = false
  headers: Record<string, string> = {}
  body: unknown = null
  status = 0
  responseText = ''
  isAborted = false
  private responseHeaders: Record<string, string> = {}
  upload: {
    onprogress: ((event: Pick<ProgressEvent, 'lengthComputable' | 'loaded' | 'total'>) => void) | null
  } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null

  open(method: string, url: string): void {
    this.method = method
    this.url = url
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null
  }

  send(body: unknown): void {
    this.body = body
    FakeXhr.sent.push(this)
  }

  abort(): void {
    this.isAborted = true
    this.onabort?.()
  }

  /** The browser reports bytes sent. */
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total })
  }

  /** The server answers (a body of `null` is an empty body). */
  respond(status: number, body: unknown, headers: Record<string, string> = {}): void {
    this.status = status
    this.responseText = body === null ? '' : JSON.stringify(body)
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
    this.onload?.()
  }

  /** The connection failed before an answer. */
  fail(): void {
    this.onerror?.()
  }
}
