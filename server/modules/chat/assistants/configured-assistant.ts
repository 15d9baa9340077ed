/**
 * Chooses the assistant the configuration names (`CHAT_PROVIDER`): the embedded offline assistant, or a model
 * behind any OpenAI-compatible endpoint. Both answer through the same in-process tools over our services. The model's
 * client (the AI SDK, some 8 MB of heap) is loaded with the first question, and only where a model is configured.
 */

import type { Clock } from '#server/clock.ts'
import type { Config } from '#server/config.ts'
import { onFirstUse } from '#server/kernel/on-first-use.ts'
import type { ArticlesService } from '#server/modules/articles/articles.service.ts'
import type { StocksService } from '#server/modules/stocks/stocks-service.types.ts'
import type { Assistant } from '../assistant.ts'
import type { MyStocks } from '../tools/my-stocks-tools.ts'
import type { StrategiesReading } from '../tools/strategy-tools.ts'
import { createOfflineAssistant } from './offline-assistant.ts'

export interface ConfiguredAssistantDependencies {
  config: Config['chat']
  stocks: StocksService
  articles: ArticlesService
  clock: Clock
  /** The asking reader's own watchlist and portfolio, read through their services (the "my stocks" tools). */
  mine?: MyStocks | undefined
  /** The strategies the asking reader's plan shows, read through the strategies service (`getStrategies`). */
  strategies?: StrategiesReading | undefined
  /** Replaces the global fetch for model calls (tests). */
  fetch?: typeof globalThis.fetch | undefined
}

/** Throws at start-up when `openai` is chosen without a model (config.chat.model is null). */
export function createConfiguredAssistant(deps: ConfiguredAssistantDependencies): Assistant {
  return deps.config.provider === 'openai' ? createLazyModelAssistant(deps) : createOfflineAssistant(deps)
}

function createLazyModelAssistant(deps: ConfiguredAssistantDependencies): Assistant {
  if (!deps.config.model)
    throw new Error('CHAT_PROVIDER=openai needs CHAT_MODEL_BASE_URL and CHAT_MODEL_NAME')
  const model = onFirstUse(() =>
    import('./model-assistant.ts').then((module) => module.createModelAssistant(deps)),
  )
  return {
    kind: 'model',
    async *answer(request) {
      yield* (await model()).answer(request)
    },
    title: async (question, locale, signal) => (await model()).title(question, locale, signal),
    suggestions: async (locale, region) => (await model()).suggestions(locale, region),
  }
}
