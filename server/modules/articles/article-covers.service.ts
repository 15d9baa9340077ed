/**
 * Uploaded covers: an editor's picture becomes three widths in AVIF, WebP and its own format (cover-images.ts),
 * kept in file storage (a folder under DATA_DIR, or S3) under `covers/{id}/…`, and served at
 * `/media/uploads/covers/{id}/{width}.{ext}` by article-media.routes.ts with a year's cache (a new picture is a new
 * id, so a file never changes under its name). An article names a cover by id (article-editing.service.ts).
 *
 * Decides what is accepted (JPEG, PNG or WebP by content, at most coverMaxBytes, readable by sharp); leaves to the
 * route how the bytes arrive and to the caller whether the upload is audited.
 */
import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { Readable as ReadableStream } from 'node:stream'
import { ConsoleErrorCode, type CoverImage, coverMaxBytes } from '#contracts/console-rules.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { FileNotFoundError, type FileStorage } from '#server/providers/file-storage/file-storage.ts'
import { insertCoverImage, selectCoverImage } from './article-editing.repo.ts'
import {
  CoverUnreadableError,
  coverFileKey,
  coverFileOfUrl,
  describeCoverImage,
  makeCoverRenditions,
  sniffCoverFormat,
} from './cover-images.ts'

export function createArticleCoversService({
  db,
  clock,
  storage,
}: {
  db: Db
  clock: Clock
  storage: FileStorage
}) {
  /** Makes and stores every size of the picture; 400 CONSOLE_COVER_TYPE for anything but a readable picture. */
  async function uploadCover(bytes: Buffer, uploader: { memberId: string } | null): Promise<CoverImage> {
    if (bytes.length > coverMaxBytes) throw new AppError('too_large', ConsoleErrorCode.coverTooLarge)
    const format = sniffCoverFormat(bytes)
    if (!format) throw new AppError('invalid', ConsoleErrorCode.coverType)
    let made: Awaited<ReturnType<typeof makeCoverRenditions>>
    try {
      made = await makeCoverRenditions(bytes, format)
    } catch (error) {
      if (error instanceof CoverUnreadableError) throw new AppError('invalid', ConsoleErrorCode.coverType)
      throw error
    }
    const id = randomUUID()
    const fileKeys: string[] = []
    for (const rendition of made.renditions) {
      const key = coverFileKey(id, rendition.width, rendition.format)
      await storage.put(
        key,
        { stream: ReadableStream.from([rendition.body]) },
        {
          contentType: `image/${rendition.format}`,
          size: rendition.body.length,
        },
      )
      fileKeys.push(key)
    }
    const image = describeCoverImage(id, {
      format,
      width: made.width,
      height: made.height,
      widths: made.widths,
    })
    await insertCoverImage(db, {
      id,
      image,
      fileKeys,
      uploadedAt: clock.now(),
      uploadedByMemberId: uploader?.memberId ?? null,
    })
    return image
  }

  function findCoverImage(id: string): Promise<CoverImage | undefined> {
    return selectCoverImage(db, id)
  }

  /** A stored cover file by its public name, or undefined for a name that is none (or a file that is gone). */
  async function openCoverFile(
    id: string,
    file: string,
  ): Promise<{ stream: Readable; type: string } | undefined> {
    const named = coverFileOfUrl(id, file)
    if (!named) return undefined
    try {
      return { stream: await storage.open(named.key), type: named.type }
    } catch (error) {
      if (error instanceof FileNotFoundError) return undefined
      throw error
    }
  }

  return { uploadCover, findCoverImage, openCoverFile }
}

export type ArticleCoversService = ReturnType<typeof createArticleCoversService>
