/**
 * The chat's file calls (contracts/chat-file-rules.ts): the multipart upload, the conversation's files, removing one.
 * The upload is parsed as a stream (@fastify/multipart, in this plugin's scope only): each file part goes straight
 * to a temporary file and is cut at 50 MB by the parser, so memory stays constant whatever is sent. What is
 * accepted is the service's decision. Only an upload into the reader's own conversation gets the long time limit,
 * and only while it keeps a least rate (CHAT_UPLOAD_TIMEOUT_MS, CHAT_UPLOAD_MIN_BYTES_PER_SECOND).
 */
import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import {
  ChatFileDeleteQuery,
  ChatFileImportRequest,
  ChatFileListQuery,
  ConversationIdField,
} from '#contracts/chat.ts'
import { ChatFileErrorCode, chatFileMaxBytes, chatFilesPerUpload } from '#contracts/chat-file-rules.ts'
import { ok } from '#contracts/envelope.ts'
import { CommonErrorCode } from '#contracts/error-codes.ts'
import { AppError } from '#server/http/app-error.ts'
import { allowSlowBody } from '#server/http/connection-limits.ts'
import type { ChatFilesService, UploadPart } from './chat-files.service.ts'

/** File parts one request may carry: the allowed ones, and a few more refused one by one as "too many". */
const filePartsPerRequest = chatFilesPerUpload * 2

export function registerChatFilesRoutes(
  api: FastifyInstance,
  files: ChatFilesService,
  options: {
    uploadsPerMinute: number
    /** The longest an authorised upload may take, and the least it must bring over each `rateWindowMs`. */
    uploadTimeoutMs: number
    uploadMinBytesPerSecond: number
    /** HTTP_REQUEST_TIMEOUT_MS: the limit until the conversation is known to be the reader's (0 = none). */
    rateWindowMs: number
  },
): void {
  api.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: {
        fileSize: chatFileMaxBytes,
        files: filePartsPerRequest,
        fields: 1,
        fieldSize: 200,
        parts: filePartsPerRequest + 1,
        headerPairs: 20,
      },
    })
    scope.post(
      '/ai/uploadFiles',
      {
        // Upload requests per client address (CHAT_UPLOAD_RATE_PER_MINUTE); the `upload` quota counts files.
        config: { rateLimit: { max: options.uploadsPerMinute, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new AppError('invalid', CommonErrorCode.validationFailed)
        const parts = request.parts()
        const first = await parts.next()
        const field = first.done ? undefined : first.value
        // The conversation comes first, so that no byte of a file is stored before we know whose it is.
        if (field?.type !== 'field' || field.fieldname !== 'subSessionId') {
          if (field?.type === 'file') field.file.resume()
          throw new AppError('invalid', CommonErrorCode.validationFailed)
        }
        const { subSessionId } = ConversationIdField.parse({ subSessionId: field.value })
        async function* fileParts(): AsyncGenerator<UploadPart> {
          // The service asks for the first part only once the conversation is the reader's: from here the upload is
          // authorised, and 5 × 50 MB from a phone may take minutes as long as it keeps moving. Before, it had
          // HTTP_REQUEST_TIMEOUT_MS like any request, and a refusal closed the connection (connection-limits.ts).
          allowSlowBody(request.raw, reply.raw, {
            longestMs: options.uploadTimeoutMs,
            minBytesPerSecond: options.uploadMinBytesPerSecond,
            windowMs: options.rateWindowMs,
            tooSlowCode: ChatFileErrorCode.uploadTooSlow,
          })
          try {
            for await (const part of { [Symbol.asyncIterator]: () => parts }) {
              if (part.type !== 'file') continue
              yield { fileName: part.filename, stream: part.file, wasCutShort: () => part.file.truncated }
            }
          } catch (error) {
            // More parts than the parser allows: the ones after the limit are not read at all.
            if (
              (error as { code?: string }).code === 'FST_FILES_LIMIT' ||
              (error as { code?: string }).code === 'FST_PARTS_LIMIT'
            )
              return
            throw error
          }
        }
        const outcomes = await files.uploadFiles(subSessionId, fileParts(), request.reader)
        return ok({ files: outcomes })
      },
    )
  })
  api.get('/ai/listFiles', async (request) => {
    const { subSessionId } = ChatFileListQuery.parse(request.query ?? {})
    return ok(await files.listFiles(subSessionId, request.reader))
  })
  api.delete('/ai/deleteFile', async (request) => {
    const { fileId } = ChatFileDeleteQuery.parse(request.query ?? {})
    return ok(await files.deleteFile(fileId, request.reader))
  })
  api.post('/ai/importToPortfolio', async (request) => {
    const body = ChatFileImportRequest.parse(request.body ?? {})
    return ok(await files.importFileToPortfolio(body, request.reader))
  })
}
