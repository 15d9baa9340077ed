/**
 * The embedded assistant: no model. It reads the question's intent and companies (offline-text.ts,
 * company-mentions.ts), calls the same tools a model would, and writes the answer from templates in the reader's
 * language — every figure from a tool, with as-of dates (the page adds the disclaimer, the DEMO label and who
 * answered, from the message's fields). It streams like a model (tool, source, then small text deltas) so the chat
 * treats both alike. This file reads the question (and the one before it, for a follow-up) and streams; each
 * intent's tools and template are one file in offline/, and questions about the reader's files are
 * offline-file-answers.ts's.
 */
import type { ChatSource } from '#contracts/chat-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import { isServiceError } from '#contracts/service-error.ts'
import type { Assistant, AssistantEvent, AssistantRequest } from '../assistant.ts'
import { toolImplementations, toolLabel } from '../tools/chat-tools.ts'
import { type CompanyMention, findCompanyMentions, findMisspelledCompany } from '../tools/company-mentions.ts'
import { ToolNotFound } from '../tools/stock-facts.ts'
import type { ToolContext, ToolInput, ToolName, ToolResult } from '../tools/tool-inputs.ts'
import type { ConfiguredAssistantDependencies } from './configured-assistant.ts'
import type { Writer } from './offline/answer-writer.ts'
import { writeCannot } from './offline/cannot.ts'
import { answerCompare } from './offline/compare.ts'
import { offlineTitle } from './offline/conversation-title.ts'
import { answerDiagnosis } from './offline/diagnosis.ts'
import { answerHot } from './offline/hot.ts'
import type { IntentHandler } from './offline/intent-answer.ts'
import { answerNews } from './offline/news.ts'
import { answerPicks } from './offline/picks.ts'
import { answerPrice } from './offline/price.ts'
import { offlineSuggestions } from './offline/suggestions.ts'
import { answerValuation } from './offline/valuation.ts'
import { readingFilesLabel, readsAsFileQuestion, writeFileAnswer } from './offline-file-answers.ts'
import { defaultPeriod, type Intent, readQuestion } from './offline-text.ts'

/** The template of each intent it answers; it declines `forecast` and `unknown` questions. */
const intentAnswers: Record<Exclude<Intent, 'forecast' | 'unknown'>, IntentHandler> = {
  compare: answerCompare,
  valuation: answerValuation,
  price: answerPrice,
  diagnosis: answerDiagnosis,
  hot: answerHot,
  news: answerNews,
  picks: answerPicks,
}

// ——— streaming ———

const cjkRun = /[\p{Script=Han}，。、：；？！（）「」]/u

/** Word- or phrase-sized pieces that join back to `text` exactly; Chinese runs are cut every few characters. */
export function textChunks(text: string): string[] {
  const chunks: string[] = []
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) {
    if (piece.length <= 8 || !cjkRun.test(piece)) {
      chunks.push(piece)
      continue
    }
    for (let i = 0; i < piece.length; i += 4) chunks.push(piece.slice(i, i + 4))
  }
  return chunks
}

// ——— the assistant ———

export function createOfflineAssistant(deps: ConfiguredAssistantDependencies): Assistant {
  const { stocks, articles } = deps

  async function subjectName(mention: CompanyMention, locale: Locale): Promise<string> {
    const stock = await stocks.getStock(mention.market, mention.code, locale)
    return stock?.name ?? mention.code
  }

  async function* answer(request: AssistantRequest): AsyncGenerator<AssistantEvent> {
    const { locale, signal } = request
    const zh = locale === 'zh-Hant'
    const ctx: ToolContext = { stocks, articles, reader: request.reader, locale, region: request.region }
    let mentions = await findCompanyMentions(stocks, request.question)
    if (signal.aborted) return
    let reading = readQuestion(request.question, mentions.length)
    // Follow-ups lean on the previous question: "And over a year?" keeps its company, "What about Sony?" its intent.
    const previous = [...request.history].reverse().find((turn) => turn.role === 'question')
    if (previous) {
      const own = readQuestion(request.question, 0)
      const periodOnly = own.intent === 'unknown' && own.period !== null
      if (
        mentions.length === 0 &&
        (periodOnly || ['price', 'diagnosis', 'news', 'compare'].includes(own.intent))
      ) {
        mentions = await findCompanyMentions(stocks, previous.text)
        reading = periodOnly
          ? { ...readQuestion(previous.text, mentions.length), period: own.period }
          : readQuestion(request.question, mentions.length)
      } else if (mentions.length === 1 && own.intent === 'unknown') {
        const before = readQuestion(previous.text, 1)
        if (!['unknown', 'forecast', 'compare'].includes(before.intent))
          reading = { ...before, period: reading.period ?? before.period }
      }
    }
    if (mentions.length === 0 && ['valuation', 'price', 'diagnosis', 'news'].includes(reading.intent)) {
      const misspelled = await findMisspelledCompany(stocks, request.question)
      if (misspelled) {
        mentions = [misspelled]
        reading = readQuestion(request.question, 1)
      }
    }
    if (
      request.files &&
      readsAsFileQuestion(request.question, request.files, {
        companies: mentions.length,
        recognised: reading.intent !== 'unknown',
      })
    ) {
      yield { type: 'tool', name: 'readFiles', label: readingFilesLabel[locale] }
      const lines = await writeFileAnswer(request.question, request.files, locale)
      for (const delta of textChunks(lines.join('\n\n'))) {
        if (signal.aborted) return
        yield { type: 'text', delta }
      }
      return
    }
    const w: Writer = { zh, locale, lines: [], asOf: new Set(), isDemo: false }
    const sources: ChatSource[] = []

    async function* call<T>(
      name: ToolName,
      input: Record<string, unknown>,
      out: { value?: T },
    ): AsyncGenerator<AssistantEvent> {
      yield { type: 'tool', name, label: toolLabel(name, input, locale) }
      const run = toolImplementations[name] as (
        c: ToolContext,
        i: ToolInput<typeof name>,
      ) => Promise<ToolResult<T>>
      const result = await run(ctx, input as ToolInput<typeof name>)
      for (const source of result.sources) {
        if (!sources.some((s) => s.href === source.href && s.title === source.title)) sources.push(source)
        if (source.asOf) w.asOf.add(source.asOf)
        if (source.isDemo) w.isDemo = true
      }
      out.value = result.data
    }

    try {
      if (reading.intent === 'forecast' || reading.intent === 'unknown') writeCannot(w, reading.intent)
      else
        yield* intentAnswers[reading.intent]({
          question: request.question,
          reading,
          mentions,
          period: reading.period ?? defaultPeriod,
          reader: request.reader,
          locale,
          w,
          call,
          subjectName,
        })
    } catch (error) {
      // A company we know but whose data is not loaded yet reads like one we do not cover.
      const notReady = isServiceError(error, 'unavailable')
      if (!(error instanceof ToolNotFound) && !notReady) throw error
      w.lines.length = 0
      writeCannot(w, notReady ? 'no_data' : 'no_company')
    }
    if (signal.aborted) return
    for (const source of sources) yield { type: 'source', source }

    if (w.asOf.size > 0) {
      const dates = [...w.asOf].sort().join(zh ? '、' : ', ')
      w.lines.push(zh ? `資料日期：${dates}。` : `Data as of ${dates}.`)
    }
    for (const delta of textChunks(w.lines.join('\n\n'))) {
      if (signal.aborted) return
      yield { type: 'text', delta }
    }
  }

  return {
    kind: 'offline',
    answer,
    async title(question, locale) {
      return offlineTitle(
        await findCompanyMentions(stocks, question).then((m) =>
          Promise.all(m.slice(0, 2).map((x) => subjectName(x, locale))),
        ),
        question,
        locale,
      )
    },
    async suggestions(locale, region) {
      return offlineSuggestions(locale, region)
    },
  }
}
