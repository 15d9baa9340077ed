/**
 * Chooses the assistant the configuration names (`CHAT_PROVIDER`): the embedded offline assistant, or a model
 * behind any OpenAI-compatible endpoint. Both answer through the same in-process tools over our services.
 */
import type { Clock } from '#server/clock.ts'
import type { Config } from '#server/config.ts'
import type { ArticlesService } from '#server/modules/articles/articles.service.ts'
import type { StocksService } from '#server/modules/stocks/stocks-service.types.ts'
import type { Assistant } from '../assistant.ts'
import { createModelAssistant } from './model-assistant.ts'
import { createOfflineAssistant } from './offline-assistant.ts'

export interface ConfiguredAssistantDependencies {
  config: Config['chat']
  stocks: StocksService
  articles: ArticlesService
  clock: Clock
  /** Replaces the global fetch for model calls (tests). */
  fetch?: typeof globalThis.fetch | undefined
}

/** Throws at start-up when `openai` is chosen without a model (config.chat.model is null). */
export function createConfiguredAssistant(deps: ConfiguredAssistantDependencies): Assistant {
  return deps.config.provider === 'openai' ? createModelAssistant(deps) : createOfflineAssistant(deps)
}
