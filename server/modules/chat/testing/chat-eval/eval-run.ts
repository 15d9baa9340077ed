/**
 * Asking every question of the evaluation set (both languages) of an assistant, and the figures per category:
 * relevance and honesty. The offline assistant's intent is read from its own plan (answer-plan.ts); a model's is
 * taken from the tools it called, so only its tools and figures are scored.
 */
import { randomUUID } from 'node:crypto'
import type { Locale } from '#contracts/regions.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { Assistant, AssistantTurn } from '../../assistant.ts'
import { planAnswer } from '../../assistants/offline/answer-plan.ts'
import {
  type AnswerSeen,
  type EvalCategory,
  type EvalQuestion,
  type EvalServices,
  evalCategories,
  evalFiles,
  type Score,
  scoreAnswer,
} from './eval-kit.ts'
import { englishQuestions } from './eval-questions-en.ts'
import { chineseQuestions } from './eval-questions-zh.ts'

export const evalQuestions: EvalQuestion[] = [...englishQuestions, ...chineseQuestions]

function visitor(): Reader {
  return {
    role: 'visitor',
    memberId: null,
    tier: null,
    sessionId: null,
    device: { key: randomUUID(), network: null },
  }
}

export async function askForEval(
  assistant: Assistant,
  services: EvalServices,
  question: EvalQuestion,
): Promise<AnswerSeen> {
  const history: AssistantTurn[] = []
  const reader = visitor()
  const ask = async function* (q: string, files: boolean) {
    yield* assistant.answer({
      question: q,
      history: [...history],
      locale: question.locale,
      region: question.locale === 'en' ? 'en' : 'hant',
      reader,
      signal: new AbortController().signal,
      files: files ? evalFiles() : undefined,
    })
  }
  for (const earlier of question.history ?? []) {
    let answer = '…'
    if (question.answeredHistory) {
      answer = ''
      for await (const event of ask(earlier, false)) if (event.type === 'text') answer += event.delta
    }
    history.push({ role: 'question', text: earlier }, { role: 'answer', text: answer })
  }
  const tools: string[] = []
  const sources: AnswerSeen['sources'] = []
  let text = ''
  for await (const event of ask(question.q, question.withFiles === true)) {
    if (event.type === 'tool') tools.push(event.name)
    else if (event.type === 'source') sources.push(event.source)
    else if (event.type === 'text') text += event.delta
  }
  let intent: string
  if (tools.includes('readFiles')) intent = 'files'
  else if (assistant.kind === 'offline')
    intent = (await planAnswer(services.stocks, question.q, history)).reading.intent
  else intent = question.intent
  return { intent, tools, text, sources }
}

export interface EvalResult {
  question: EvalQuestion
  seen: AnswerSeen
  score: Score
}

export async function runEval(
  assistant: Assistant,
  services: EvalServices,
  questions: EvalQuestion[] = evalQuestions,
): Promise<EvalResult[]> {
  const results: EvalResult[] = []
  for (const question of questions) {
    const seen = await askForEval(assistant, services, question)
    results.push({ question, seen, score: await scoreAnswer(question, seen, services) })
  }
  return results
}

export interface CategoryFigures {
  category: EvalCategory | 'all'
  locale: Locale
  asked: number
  relevant: number
  honest: number
}

/** Relevance and honesty per category and language, and overall per language. */
export function summarizeEval(results: EvalResult[]): CategoryFigures[] {
  const rows: CategoryFigures[] = []
  for (const locale of ['en', 'zh-Hant'] as const) {
    for (const category of [...evalCategories, 'all'] as const) {
      const of = results.filter(
        (r) => r.question.locale === locale && (category === 'all' || r.question.category === category),
      )
      rows.push({
        category,
        locale,
        asked: of.length,
        relevant: of.filter((r) => r.score.relevant).length,
        honest: of.filter((r) => r.score.honest).length,
      })
    }
  }
  return rows
}
