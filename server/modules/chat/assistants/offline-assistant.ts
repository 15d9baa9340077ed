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
import { findCompany } from '#server/providers/market-data/universe.ts'
import type { Assistant, AssistantEvent, AssistantRequest } from '../assistant.ts'
import { toolImplementations, toolLabel } from '../tools/chat-tools.ts'
import { type CompanyMention, findCompanyMentions } from '../tools/company-mentions.ts'
import { previewImportLabel } from '../tools/import-preview-tools.ts'
import { ToolNotFound } from '../tools/stock-facts.ts'
import { displayCode } from '../tools/tool-format.ts'
import type { ToolContext, ToolInput, ToolName, ToolResult } from '../tools/tool-inputs.ts'
import type { ConfiguredAssistantDependencies } from './configured-assistant.ts'
import { answerAdvice } from './offline/advice.ts'
import { planAnswer } from './offline/answer-plan.ts'
import type { Writer } from './offline/answer-writer.ts'
import { writeCannot } from './offline/cannot.ts'
import { answerCompare } from './offline/compare.ts'
import { offlineTitle } from './offline/conversation-title.ts'
import { answerDefine } from './offline/define.ts'
import { answerDiagnosis } from './offline/diagnosis.ts'
import { answerDividends } from './offline/dividends.ts'
import { answerFigure } from './offline/figure.ts'
import { answerHot } from './offline/hot.ts'
import { importAsked, writeImportPreview } from './offline/import-holdings.ts'
import { answerInsiders } from './offline/insiders.ts'
import type { IntentHandler } from './offline/intent-answer.ts'
import { answerMarket } from './offline/market.ts'
import { answerIndex } from './offline/market-index.ts'
import { answerMyPortfolio, answerMyWatchlist } from './offline/mine.ts'
import { answerNews } from './offline/news.ts'
import { writeNotCovered } from './offline/not-covered.ts'
import { writeOtherListings } from './offline/other-listings.ts'
import { notStockIn } from './offline/out-of-coverage.ts'
import { answerPicks } from './offline/picks.ts'
import { answerPrice } from './offline/price.ts'
import { answerStrategies } from './offline/strategies.ts'
import { offlineSuggestions } from './offline/suggestions.ts'
import { answerValuation } from './offline/valuation.ts'
import { readingFilesLabel, readsAsFileQuestion, writeFileAnswer } from './offline-file-answers.ts'
import { type DeclinedIntent, defaultPeriod, type Intent } from './offline-text.ts'

/** The template of each intent it answers; the declined intents each have their reason (cannot.ts). */
const intentAnswers: Record<Exclude<Intent, DeclinedIntent>, IntentHandler> = {
  compare: answerCompare,
  valuation: answerValuation,
  price: answerPrice,
  diagnosis: answerDiagnosis,
  figure: answerFigure,
  dividends: answerDividends,
  insiders: answerInsiders,
  define: answerDefine,
  advice: answerAdvice,
  index: answerIndex,
  hot: answerHot,
  market: answerMarket,
  news: answerNews,
  picks: answerPicks,
  my_watchlist: answerMyWatchlist,
  my_portfolio: answerMyPortfolio,
  strategies: answerStrategies,
}

/** Intents whose answer is about one listing: a company listed twice names its other line after it. */
const singleCompanyIntents: Intent[] = ['valuation', 'figure', 'dividends', 'diagnosis', 'price', 'advice']

/** A company whose data is not loaded yet: the answer names it. */
class DataNotReady extends Error {
  readonly code: string
  readonly market: string | undefined
  constructor(code: string, market: string | undefined) {
    super(`Data not ready for ${code}`)
    this.code = code
    this.market = market
  }
}

function companyLabel(code: string, market: string | undefined, locale: Locale): string {
  const company = market ? findCompany(market as CompanyMention['market'], code) : undefined
  if (!company) return code
  return `${locale === 'zh-Hant' ? company.nameZh : company.nameEn} (${displayCode(company.code, company.market)})`
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
    const ctx: ToolContext = {
      stocks,
      articles,
      reader: request.reader,
      locale,
      region: request.region,
      mine: deps.mine,
      strategies: deps.strategies,
    }
    const plan = await planAnswer(stocks, request.question, request.history)
    if (signal.aborted) return
    const { mentions, uncovered } = plan
    const reading = plan.reading
    const files = request.files
    if (importAsked(request.question, (files?.files.length ?? 0) > 0)) {
      // "Import this into my portfolio": a preview and a confirm button; nothing is saved by the answer.
      yield { type: 'tool', name: 'previewPortfolioImport', label: previewImportLabel[locale] }
      const lines = await writeImportPreview({ files, reader: request.reader, locale, mine: deps.mine })
      for (const delta of textChunks(lines.join('\n\n'))) {
        if (signal.aborted) return
        yield { type: 'text', delta }
      }
      return
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
      let result: ToolResult<T>
      try {
        result = await run(ctx, input as ToolInput<typeof name>)
      } catch (error) {
        // A company we know but whose data is not loaded yet: the answer says which.
        if (isServiceError(error, 'unavailable'))
          throw new DataNotReady(String(input.code ?? ''), input.market as string | undefined)
        throw error
      }
      for (const source of result.sources) {
        if (!sources.some((s) => s.href === source.href && s.title === source.title)) sources.push(source)
        if (source.asOf) w.asOf.add(source.asOf)
        if (source.isDemo) w.isDemo = true
      }
      out.value = result.data
    }

    async function* answerIntent(): AsyncGenerator<AssistantEvent> {
      if (reading.intent === 'not_stock') writeCannot(w, notStockIn(request.question) ?? 'unknown')
      else if (
        reading.intent === 'forecast' ||
        reading.intent === 'out_of_scope' ||
        reading.intent === 'unknown'
      )
        writeCannot(w, reading.intent)
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
    }

    try {
      if (uncovered.length > 0) {
        // Named but not covered: said by name first; the companies we do cover are answered after it.
        writeNotCovered(w, uncovered)
      }
      // Only companies we do not cover: the reason and their peers are the whole answer.
      if (plan.unknownName) writeCannot(w, 'no_company')
      else if (uncovered.length === 0 || mentions.length > 0) {
        yield* answerIntent()
        const [only] = mentions
        if (only && mentions.length === 1 && singleCompanyIntents.includes(reading.intent))
          writeOtherListings(w, only.market, only.code)
      }
    } catch (error) {
      if (!(error instanceof ToolNotFound) && !(error instanceof DataNotReady)) throw error
      w.lines.length = 0
      w.declined = undefined
      if (error instanceof DataNotReady)
        writeCannot(w, 'no_data', companyLabel(error.code, error.market, locale))
      else writeCannot(w, 'no_company')
    }
    if (signal.aborted) return
    for (const source of sources) yield { type: 'source', source }
    if (w.declined) yield { type: 'declined', reason: w.declined }

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
