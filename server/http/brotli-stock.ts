/**
 * Brotli bodies of a cached page, made ahead of the readers who get them (ADR 0024). A cached page carries a fresh CSP
 * nonce in every response (ADR 0012), and brotli, unlike gzip (gzip-splice.ts), cannot be assembled around one: its
 * back-references, literal contexts and dictionary reach across any seam. So a page keeps a small stock of whole
 * brotli bodies, each compressed with a nonce of its own, and each is sent once and then dropped; a nonce is never
 * reused.
 *
 * Compression happens off the request path: a response takes a body from the stock or, when it is empty, goes out
 * gzip as before, and asks for the stock to be filled again. One process compresses one body at a time, in libuv's
 * thread pool, whatever the demand: under a burst most readers get gzip, and compression never takes more than that
 * one thread, nor delays an answer.
 *
 * Deliberately left to others: which pages are kept and for how long (page-cache.ts), which encoding a reader
 * accepts and the headers (pages.ts).
 */
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { packedCopies } from './gzip-splice.ts'

const brotliCompress = promisify(zlib.brotliCompress)

/**
 * Quality 5: the home page (155 KB) compresses in 4–10 ms of a pool thread to 24.8 KB, 23% less than the spliced gzip
 * (32.3 KB, level 9); quality 11 would save 4 KB more at 560 ms a body, too slow to keep up with readers.
 */
export const stockedBrotliQuality = 5
/** Bodies kept ready per page: enough for a short burst of readers between two compressions. */
export const brotliStockSize = 4

export interface BrotliBody {
  nonce: string
  body: Buffer
}

export interface BrotliStock {
  /** A body with a nonce no response has had, or undefined when none is ready (the stock is then refilled). */
  take(): BrotliBody | undefined
  /** The page left the cache: make no more bodies for it. */
  retire(): void
  readonly ready: number
}

interface Minter {
  request(stock: StockState): void
}

interface StockState {
  isRetired: boolean
  bodies: BrotliBody[]
  isQueued: boolean
  /** Makes one more body, or nothing when the stock is full or retired. */
  mintOne(): Promise<void>
  readonly wantsMore: boolean
}

/** The process's one compressor: stocks queue for it and are served one body at a time, in turn. */
function createMinter(): Minter {
  const queue: StockState[] = []
  let isRunning = false
  const run = async () => {
    if (isRunning) return
    isRunning = true
    try {
      for (let stock = queue.shift(); stock; stock = queue.shift()) {
        stock.isQueued = false
        if (!stock.wantsMore) continue
        await stock.mintOne().catch(() => undefined)
        // Back of the queue: a page read by many does not starve the others.
        if (stock.wantsMore) {
          stock.isQueued = true
          queue.push(stock)
        }
      }
    } finally {
      isRunning = false
    }
  }
  return {
    request(stock) {
      if (stock.isQueued || !stock.wantsMore) return
      stock.isQueued = true
      queue.push(stock)
      void run()
    },
  }
}

const processMinter = createMinter()

/**
 * A stock for the page `segments` (its body cut where the nonce stands), filled in the background from now on.
 * `newNonce` draws a nonce; `fill` is the page body with a nonce put in.
 */
export function createBrotliStock(options: {
  fill(nonce: string): Buffer
  newNonce(): string
  size?: number
  quality?: number
}): BrotliStock {
  const size = options.size ?? brotliStockSize
  const minter = processMinter
  const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: options.quality ?? stockedBrotliQuality }
  const state: StockState = {
    isRetired: false,
    bodies: [],
    isQueued: false,
    get wantsMore() {
      return !this.isRetired && this.bodies.length < size
    },
    async mintOne() {
      const nonce = options.newNonce()
      const plain = options.fill(nonce)
      const compressed = await brotliCompress(plain, {
        params: { ...params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
      })
      // A body smaller than the compressor's 64 KB output buffer is a view into it: kept, a copy of its own size.
      const [body] = packedCopies([compressed]) as [Buffer]
      if (!state.isRetired) state.bodies.push({ nonce, body })
    },
  }
  minter.request(state)
  return {
    take() {
      const found = state.bodies.shift()
      minter.request(state)
      return found
    },
    retire() {
      state.isRetired = true
      state.bodies = []
    },
    get ready() {
      return state.bodies.length
    },
  }
}
