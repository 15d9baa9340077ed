/**
 * The thread Tesseract's OCR runs in, inside a reading process (tesseract.js's own Node worker script, with our
 * file access): language data comes only from the installed @tesseract.js-data packages, and every way out to the
 * network — tesseract's fetch adapter, the thread's global fetch and its sockets — throws, so a missing file fails
 * loudly instead of downloading. Nothing is written to a cache, and nothing is printed.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { parentPort } from 'node:worker_threads'
import { networkRefusal, refuseNetwork } from './network-refusal.ts'

const require = createRequire(import.meta.url)
const tesseractWorker = require('tesseract.js/src/worker-script/index.js')
const getCore = require('tesseract.js/src/worker-script/node/getCore.js')
const gunzip = require('tesseract.js/src/worker-script/node/gunzip.js')

/** The packaged models: "best_int" LSTM data (small and quick; the LSTM engine is the only one loaded). */
const languageFiles: Record<string, string> = {
  'eng.traineddata.gz': require.resolve('@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz'),
  'chi_tra.traineddata.gz': require.resolve(
    '@tesseract.js-data/chi_tra/4.0.0_best_int/chi_tra.traineddata.gz',
  ),
}

refuseNetwork('OCR')

// Leptonica and Tesseract print their complaints about a damaged image to the console: a hostile file must not
// write into the server's log. Failures still come back as rejected jobs.
console.log = () => undefined
console.warn = () => undefined
console.error = () => undefined

parentPort?.on('message', (packet: unknown) => {
  tesseractWorker.dispatchHandlers(packet, (answer: unknown) => parentPort?.postMessage(answer))
})

tesseractWorker.setAdapter({
  getCore,
  gunzip,
  fetch: async (url: unknown): Promise<never> => {
    throw networkRefusal('OCR', url)
  },
  async readCache(filePath: string) {
    const file = languageFiles[filePath.split('/').at(-1) ?? '']
    if (!file) throw new Error(`no packaged OCR data for ${filePath}`)
    return readFile(file)
  },
  writeCache: async () => undefined,
  deleteCache: async () => undefined,
  checkCache: async () => false,
})
