/**
 * What the offline assistant hands the template of one intent (offline-assistant.ts picks it): the question as read,
 * the companies it names, the answer being written, and `call`, which runs a tool the way the answer streams it.
 */
import type { Locale } from '#contracts/regions.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { AssistantEvent } from '../../assistant.ts'
import type { CompanyMention } from '../../tools/company-mentions.ts'
import type { Period, ToolName } from '../../tools/tool-inputs.ts'
import type { QuestionReading } from '../offline-text.ts'
import type { Writer } from './answer-writer.ts'

export interface IntentAnswer {
  /** The question as the reader wrote it. */
  question: string
  reading: QuestionReading
  /** The companies the question names (or the question before it, for a follow-up), in order. */
  mentions: CompanyMention[]
  /** The period the question names, else the default. */
  period: Period
  reader: Reader
  locale: Locale
  w: Writer
  /**
   * Runs a tool: sends its `tool` event, keeps its sources and their as-of dates for the end of the answer, and puts
   * its data in `out.value`.
   */
  call<T>(name: ToolName, input: Record<string, unknown>, out: { value?: T }): AsyncGenerator<AssistantEvent>
  /** The company's name in the reader's language, else its code. */
  subjectName(mention: CompanyMention, locale: Locale): Promise<string>
}

/** The template of one intent: the tools it calls (streamed), and the lines it writes. */
export type IntentHandler = (answer: IntentAnswer) => AsyncGenerator<AssistantEvent>

/** A mention as a tool's input. */
export function companyInput(mention: CompanyMention): { code: string; market: CompanyMention['market'] } {
  return { code: mention.code, market: mention.market }
}
