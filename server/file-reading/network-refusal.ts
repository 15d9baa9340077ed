/**
 * Closes the ways out to the network of a process or thread that reads files (the reading process, the OCR
 * thread): nothing in a file may make the server reach out — a link in a document, an OCR model that would be
 * downloaded when missing. Global fetch and WebSocket throw, and so does connecting any TCP or IPC socket (what
 * node:http, node:https and undici stand on). Installed before any reading code is loaded.
 */
import net from 'node:net'

export function networkRefusal(who: string, target: unknown): Error {
  return new Error(`${who} tried to reach the network (${String(target)}): refused`)
}

export function refuseNetwork(who: string): void {
  globalThis.fetch = async (input: string | URL | Request) => {
    throw networkRefusal(who, input instanceof Request ? input.url : input)
  }
  globalThis.WebSocket = class RefusedWebSocket {
    constructor(url: string | URL) {
      throw networkRefusal(who, url)
    }
  } as unknown as typeof WebSocket
  net.Socket.prototype.connect = function refuseConnect(...target: unknown[]): never {
    throw networkRefusal(who, describeTarget(target))
  } as typeof net.Socket.prototype.connect
}

/** `host:port` or the socket path of a connect call's arguments (node:net hands its own as one array). */
function describeTarget(target: unknown[]): string {
  const [first] = target
  if (Array.isArray(first)) return describeTarget(first)
  if (typeof first === 'object' && first !== null) {
    const { host, port, path } = first as { host?: string; port?: number; path?: string }
    return path ?? `${host ?? 'localhost'}:${port}`
  }
  return target.filter((part) => typeof part !== 'function').join(':')
}
