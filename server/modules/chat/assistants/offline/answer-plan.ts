/**
 * How the offline assistant reads a question before it answers: its intent and figures (offline-text.ts), the
 * companies it names (company-mentions.ts), those it names that we do not cover (out-of-coverage.ts), and, for a
 * follow-up, what it borrows from the question before ("And over a year?" keeps the company, "What about Sony?" the
 * intent, "Is it undervalued?" the company, "和微軟比呢？" compares with it). The bench (bench/chat-eval.bench.ts)
 * reads the same plan to score the intent.
 */
import type { StocksService } from '#server/modules/stocks/stocks-service.types.ts'
import type { AssistantTurn } from '../../assistant.ts'
import {
  type CompanyMention,
  findCompanyMentions,
  findMisspelledCompany,
} from '../../tools/company-mentions.ts'
import { toTraditional } from '../../tools/simplified-chinese.ts'
import { type QuestionReading, readQuestion } from '../offline-text.ts'
import { indexIn, type UncoveredCompany, uncoveredIn } from './out-of-coverage.ts'

export interface AnswerPlan {
  reading: QuestionReading
  mentions: CompanyMention[]
  uncovered: UncoveredCompany[]
  /** A capitalised name that is no company we know ("Is Foobarex undervalued?"): the company cannot be found. */
  unknownName: string | null
}

/** Capitalised words a question uses that are not names of companies. */
const ordinaryCapitals = new Set(
  (
    "is are was what what’s what's which who how why when where the show give tell compare should could would will " +
    'does do did can i me my and or of in on for to a an any most top cheapest latest news please hi hello hong kong ' +
    'japan japanese tokyo korea korean seoul american america nasdaq nyse wall street today this these those ' +
    'monthly hot trending and also explain define'
  ).split(' '),
)

function unknownNameIn(question: string): string | null {
  for (const match of question.matchAll(/(?<![\p{L}\p{N}])[A-Z][a-z]{2,}(?![\p{L}])/gu)) {
    const word = match[0]
    if (match.index === 0 || ordinaryCapitals.has(word.toLowerCase())) continue
    return word
  }
  return null
}

/** Words that point back at the company of the question before. */
const pointsBack =
  /\b(it|its|it's|this one|that one|this stock|that stock|the company|they|them|their)\b|它|其|這隻|那隻|這家|那家|該公司|該股|佢/

/** "The second one", "第一隻": a stock by its place in the list the answer before gave. */
const ordinalPatterns: Array<[RegExp, number]> = [
  [/\b(the )?(first|1st)( one| stock| company| of them)?\b|第一(隻|個|家|檔|間)/, 0],
  [/\b(the )?(second|2nd)( one| stock| company| of them)?\b|第二(隻|個|家|檔|間)/, 1],
  [/\b(the )?(third|3rd)( one| stock| company| of them)?\b|第三(隻|個|家|檔|間)/, 2],
  [/\b(the )?(fourth|4th)( one| stock| company| of them)?\b|第四(隻|個|家|檔|間)/, 3],
  [/\b(the )?(fifth|5th)( one| stock| company| of them)?\b|第五(隻|個|家|檔|間)/, 4],
  [/\bthe last (one|stock|company)\b|\blast of them\b|最後(一)?(隻|個|家|檔|間)/, -1],
]

/** The stocks an answer listed, in order: its links to their diagnoses. */
function stocksListedIn(answer: string): CompanyMention[] {
  const listed: CompanyMention[] = []
  for (const match of answer.matchAll(/\/ai-stock-diagnosis\?code=([^&)\s]+)&market=(us|hk|jp|kr)/g)) {
    const code = decodeURIComponent(match[1] as string)
    const market = match[2] as CompanyMention['market']
    if (!listed.some((m) => m.market === market && m.code === code))
      listed.push({ market, code, at: 0, text: code.toLowerCase() })
  }
  return listed
}

/** The stock a question points at by its place in the previous answer's list, if it does. */
function ordinalStock(question: string, history: readonly AssistantTurn[]): CompanyMention | null {
  const answer = [...history].reverse().find((turn) => turn.role === 'answer')
  if (!answer) return null
  const listed = stocksListedIn(answer.text)
  if (listed.length < 2) return null
  const text = toTraditional(question).toLowerCase()
  for (const [pattern, place] of ordinalPatterns) if (pattern.test(text)) return listed.at(place) ?? null
  return null
}

/** How far back a pronoun looks for its company: the last few questions. */
const questionsLookedBack = 3

/**
 * The companies of the latest earlier question that named any (newest first, a few back), other than `except`:
 * "What is Apple's P/E?" → "And the RSI?" → "Is it undervalued?" is still about Apple.
 */
async function companiesBefore(
  stocks: StocksService,
  questionsBefore: readonly AssistantTurn[],
  except?: CompanyMention,
): Promise<{ text: string; mentions: CompanyMention[] } | null> {
  for (const turn of questionsBefore.slice(0, questionsLookedBack)) {
    const found = (await findCompanyMentions(stocks, turn.text)).filter(
      (m) => !(except && m.market === except.market && m.code === except.code),
    )
    if (found.length > 0) return { text: turn.text, mentions: found }
  }
  return null
}

const companyIntents = ['price', 'diagnosis', 'news', 'compare', 'figure', 'dividends', 'valuation', 'advice']

export async function planAnswer(
  stocks: StocksService,
  question: string,
  history: readonly AssistantTurn[],
): Promise<AnswerPlan> {
  let mentions = await findCompanyMentions(stocks, question)
  const uncovered = uncoveredIn(question).filter(
    (u) => !mentions.some((m) => u.names.some((n) => n.toLowerCase() === m.text)),
  )
  let reading = readQuestion(question, mentions.length + uncovered.length)
  const questionsBefore = [...history].reverse().filter((turn) => turn.role === 'question')
  const previous = questionsBefore[0]
  const listed = mentions.length === 0 && uncovered.length === 0 ? ordinalStock(question, history) : null
  if (listed) {
    // "Is the second one undervalued?" after a list: that stock, with this question's own intent.
    mentions = [listed]
    reading = readQuestion(question, 1)
  } else if (previous && uncovered.length === 0) {
    const own = readQuestion(question, 0)
    const periodOnly = own.intent === 'unknown' && own.period !== null
    // "And the RSI?" reads alone as a definition; after a company it asks for that company's figure.
    const figuresOnly =
      own.figures.length > 0 &&
      (own.intent !== 'define' ||
        /^\s*(and|what about|how about|also)\b|^(那|還有|咁|而)|呢[？?]?\s*$/i.test(question))
    const backReference = pointsBack.test(toTraditional(question).toLowerCase())
    const borrows =
      periodOnly ||
      figuresOnly ||
      ['price', 'diagnosis', 'news', 'compare'].includes(own.intent) ||
      (backReference && ['valuation', 'advice', 'forecast', 'define', 'unknown'].includes(own.intent))
    const before = readQuestion(previous.text, 0)
    if (
      mentions.length === 0 &&
      ['market', 'index'].includes(before.intent) &&
      ['market', 'unknown'].includes(own.intent)
    ) {
      // "And Japan?", "那日股呢？", "And this month?": the market question before, for the market or span named now.
      const index = before.intent === 'index' ? indexIn(previous.text) : null
      reading = {
        ...before,
        intent: 'market',
        market: own.market ?? before.market ?? index?.market,
        span: own.span ?? before.span,
      }
    } else if (mentions.length === 0 && borrows) {
      // "it", "that one", "its P/E": the company of the latest question that named one, not only the last question.
      const earlier = await companiesBefore(stocks, questionsBefore)
      if (earlier) {
        mentions = earlier.mentions
        reading = periodOnly
          ? { ...readQuestion(earlier.text, mentions.length), period: own.period }
          : readQuestion(question, mentions.length)
      }
    } else if (mentions.length === 1 && own.intent === 'compare') {
      // "Compare it with Microsoft", "和微軟比呢？": the company before, against the one named now — and, when the
      // question before asked for figures and this one names none, those figures ("Apple's P/E?" → "和微軟比呢？").
      const earlier = await companiesBefore(stocks, questionsBefore, mentions[0])
      const first = earlier?.mentions[0]
      if (earlier && first) {
        mentions = [first, ...mentions]
        reading = readQuestion(question, mentions.length)
        const asked = readQuestion(earlier.text, 1).figures
        if (reading.figures.length === 0 && asked.length > 0) reading = { ...reading, figures: asked }
      }
    } else if (mentions.length === 1 && reading.intent === 'diagnosis' && own.intent === 'unknown') {
      // "What about Sony?": the intent of the question before, for this company.
      const before = readQuestion(previous.text, 1)
      if (
        !['unknown', 'forecast', 'compare', 'define'].includes(before.intent) &&
        companyIntents.includes(before.intent)
      )
        reading = { ...before, period: reading.period ?? before.period }
    }
  }
  if (
    mentions.length === 0 &&
    uncovered.length === 0 &&
    ['valuation', 'price', 'diagnosis', 'news', 'figure', 'dividends', 'advice'].includes(reading.intent)
  ) {
    const misspelled = await findMisspelledCompany(stocks, question)
    if (misspelled) {
      mentions = [misspelled]
      reading = readQuestion(question, 1)
    }
  }
  // "Compare Apple and Palantir": the one we cover is answered alone, after the other is named as not covered.
  if (uncovered.length > 0 && mentions.length === 1 && reading.intent === 'compare')
    reading = { ...reading, intent: reading.figures.length > 0 ? 'figure' : 'valuation' }
  const needsCompany = [
    'valuation',
    'price',
    'diagnosis',
    'figure',
    'dividends',
    'advice',
    'forecast',
  ].includes(reading.intent)
  const unknownName =
    mentions.length === 0 && uncovered.length === 0 && needsCompany ? unknownNameIn(question) : null
  return { reading, mentions, uncovered, unknownName }
}
