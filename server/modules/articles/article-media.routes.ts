/**
 * Cover images of articles and topics, at /media/covers/{file}.svg (outside the API: pages and feeds link to
 * them). Files come from the seed corpus's covers folder; names are checked against a strict pattern so no path
 * can leave it. SVG is served with a policy that forbids scripts, in case one is opened on its own.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { coverUrlPrefix } from './article-documents.ts'
import { defaultSeedCoversDirectory } from './seed/seed-corpus.ts'

const coverFilePattern = /^[a-z0-9-]{1,80}\.svg$/

export function registerArticleMediaRoutes(
  app: FastifyInstance,
  { coversDirectory = defaultSeedCoversDirectory } = {},
): void {
  const cache = new Map<string, Promise<Buffer | undefined>>()
  const read = (name: string) => {
    let file = cache.get(name)
    if (!file) {
      file = readFile(path.join(coversDirectory, name)).catch(() => undefined)
      cache.set(name, file)
    }
    return file
  }

  app.get<{ Params: { file: string } }>(`${coverUrlPrefix}:file`, async (request, reply) => {
    const name = request.params.file
    const body = coverFilePattern.test(name) ? await read(name) : undefined
    if (!body) {
      cache.delete(name)
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    }
    return reply
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .type('image/svg+xml')
      .send(body)
  })
}
