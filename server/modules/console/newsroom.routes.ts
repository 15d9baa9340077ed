/**
 * The newsroom's calls (contracts/console.ts): the editors' article list, the editor's form, saves, state moves,
 * revisions, the Markdown preview, preview links and cover uploads. Editors and analysts (and admins) only.
 * The cover upload is parsed as a stream (@fastify/multipart, in its own scope): one file part, cut at 10 MB by
 * the parser; what a cover may be is the covers service's decision.
 */
import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import {
  ArticleDocumentInput,
  ArticleIdParams,
  ChangeArticleStateRequest,
  CompareRevisionsQuery,
  EditorArticleListQuery,
  MarkdownPreviewRequest,
  PreviewLinkRequest,
  RestoreRevisionRequest,
  RevisionParams,
  SaveArticleRequest,
} from '#contracts/console.ts'
import { ConsoleErrorCode, coverMaxBytes, newsroomRoles } from '#contracts/console-rules.ts'
import { ok } from '#contracts/envelope.ts'
import { AppError } from '#server/http/app-error.ts'
import { actorOf } from '#server/kernel/console-staff.ts'
import type { ConsoleNewsroomService } from './console-newsroom.service.ts'

const newsroom = { consoleRoles: newsroomRoles }

export function registerNewsroomRoutes(
  api: FastifyInstance,
  service: ConsoleNewsroomService,
  options: { coverUploadsPerMinute: number } = { coverUploadsPerMinute: 30 },
): void {
  api.get('/articles', { config: newsroom }, async (request) =>
    ok(await service.listEditorArticles(EditorArticleListQuery.parse(request.query ?? {}))),
  )

  api.get('/articles/options', { config: newsroom }, async () => ok(await service.listNewsroomOptions()))

  api.post('/articles', { config: newsroom }, async (request) =>
    ok(
      await service.createArticle(
        ArticleDocumentInput.parse(request.body ?? {}),
        actorOf(request.consoleMember),
      ),
    ),
  )

  api.post('/articles/preview', { config: newsroom }, async (request) =>
    ok(service.renderPreview(MarkdownPreviewRequest.parse(request.body ?? {}).markdown)),
  )

  api.get('/articles/:id', { config: newsroom }, async (request) =>
    ok(await service.getEditorArticle(ArticleIdParams.parse(request.params).id)),
  )

  api.put('/articles/:id', { config: newsroom }, async (request) => {
    const { id } = ArticleIdParams.parse(request.params)
    return ok(
      await service.saveArticle(
        id,
        SaveArticleRequest.parse(request.body ?? {}),
        actorOf(request.consoleMember),
      ),
    )
  })

  api.post('/articles/:id/state', { config: newsroom }, async (request) => {
    const { id } = ArticleIdParams.parse(request.params)
    const change = ChangeArticleStateRequest.parse(request.body ?? {})
    return ok(await service.changeArticleState(id, change, actorOf(request.consoleMember)))
  })

  api.get('/articles/:id/revisions', { config: newsroom }, async (request) =>
    ok(await service.listRevisions(ArticleIdParams.parse(request.params).id)),
  )

  api.get('/articles/:id/revisions/compare', { config: newsroom }, async (request) => {
    const { id } = ArticleIdParams.parse(request.params)
    const { from, to } = CompareRevisionsQuery.parse(request.query ?? {})
    return ok(await service.compareRevisions(id, from, to))
  })

  api.get('/articles/:id/revisions/:number', { config: newsroom }, async (request) => {
    const { id, number } = RevisionParams.parse(request.params)
    return ok(await service.getRevision(id, number))
  })

  api.post('/articles/:id/revisions/:number/restore', { config: newsroom }, async (request) => {
    const { id, number } = RevisionParams.parse(request.params)
    const { revision } = RestoreRevisionRequest.parse(request.body ?? {})
    return ok(await service.restoreRevision(id, number, revision, actorOf(request.consoleMember)))
  })

  api.post('/articles/:id/preview-link', { config: newsroom }, async (request) => {
    const { id } = ArticleIdParams.parse(request.params)
    const { expiresInHours } = PreviewLinkRequest.parse(request.body ?? {})
    return ok(await service.createPreviewLink(id, expiresInHours, actorOf(request.consoleMember)))
  })

  api.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: coverMaxBytes, files: 1, fields: 0, parts: 1, headerPairs: 20 },
    })
    scope.post(
      '/covers',
      {
        config: {
          ...newsroom,
          rateLimit: { max: options.coverUploadsPerMinute, timeWindow: '1 minute' },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw new AppError('invalid', ConsoleErrorCode.coverType)
        const file = await request.file()
        if (!file) throw new AppError('invalid', ConsoleErrorCode.coverType)
        const bytes = await file.toBuffer()
        if (file.file.truncated) throw new AppError('too_large', ConsoleErrorCode.coverTooLarge)
        return ok(await service.uploadCover(bytes, actorOf(request.consoleMember)))
      },
    )
  })
}
