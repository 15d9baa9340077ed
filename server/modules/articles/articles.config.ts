/**
 * The articles module's slice of the configuration: the per-address rates of its public routes that cost the most,
 * keyword search and share-image rendering.
 */
import { z } from 'zod'
import type { EnvOf } from '#server/config/env-values.ts'

export const articlesEnv = {
  SEARCH_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Share images (PNG covers) one client address may have rendered per minute; images already rendered are free. */
  MEDIA_RENDER_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(60),
}

/** The slice the articles variables fill in `Config`. */
export interface ArticlesSlice {
  /** Keyword searches, and separately search suggestions, per client address and minute. */
  searchRatePerMinute: number
  /** Share-image renders per client address and minute (server/modules/articles/article-media.routes.ts). */
  mediaRenderRatePerMinute: number
}

export function articlesConfigOf(e: EnvOf<typeof articlesEnv>): ArticlesSlice {
  return {
    searchRatePerMinute: e.SEARCH_RATE_PER_MINUTE,
    mediaRenderRatePerMinute: e.MEDIA_RENDER_RATE_PER_MINUTE,
  }
}
