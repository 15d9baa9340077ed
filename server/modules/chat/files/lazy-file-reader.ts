/**
 * The file reader of a process, started with the first file rather than with the process: its reading processes
 * (and their memory) are spent only where readers upload, not in every worker, operator command or test server.
 */
import {
  createFileReader,
  type FileReader,
  type FileReaderOptions,
} from '#server/file-reading/extract-text.ts'

export function createLazyFileReader(options: FileReaderOptions): FileReader {
  let reader: FileReader | null = null
  return {
    read: (filePath, kind) => {
      reader ??= createFileReader(options)
      return reader.read(filePath, kind)
    },
    close: async () => {
      await reader?.close()
      reader = null
    },
  }
}
