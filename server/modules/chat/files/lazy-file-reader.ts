/**
 * The file reader of a process, started with the first file rather than with the process: its reading processes
 * (and their memory) are spent only where readers upload, not in every worker, operator command or test server.
 */
import {
  createFileReader,
  type FileReader,
  type FileReaderOptions,
} from '#server/file-reading/extract-text.ts'

export interface CountedFileReader extends FileReader {
  /** Readings waiting or under way now (the `tickerwise_file_readers_busy` metric). */
  readonly busy: number
}

export function createLazyFileReader(options: FileReaderOptions): CountedFileReader {
  let reader: FileReader | null = null
  let busy = 0
  return {
    get busy() {
      return busy
    },
    read: async (filePath, kind, readOptions) => {
      reader ??= createFileReader(options)
      busy += 1
      try {
        return await reader.read(filePath, kind, readOptions)
      } finally {
        busy -= 1
      }
    },
    close: async () => {
      await reader?.close()
      reader = null
    },
  }
}
