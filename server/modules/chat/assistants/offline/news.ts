/**
 * News questions: our articles about a company (by the name the reader wrote, then its short name) or about the
 * question's keywords.
 */
import type { AssistantEvent } from '../../assistant.ts'
import type { ArticleHits } from '../../tools/article-tools.ts'
import type { Writer } from './answer-writer.ts'
import { writeCannot } from './cannot.ts'
import type { IntentAnswer } from './intent-answer.ts'

export async function* answerNews({
  question,
  mentions: [first],
  locale,
  w,
  call,
  subjectName,
}: IntentAnswer): AsyncGenerator<AssistantEvent> {
  const subject = first ? await subjectName(first, locale) : newsKeywords(question)
  if (!subject) {
    writeCannot(w, 'unknown')
    return
  }
  // The name as the reader wrote it finds the articles that use it; the company's short name is the second try.
  const queries = first ? [...new Set([first.text, shortName(subject)])] : [subject]
  const hits: { value?: ArticleHits } = {}
  for (const query of queries) {
    yield* call('searchArticles', { query, limit: 3 }, hits)
    if (hits.value && hits.value.rows.length > 0) break
  }
  if (hits.value) writeArticles(w, hits.value, subject)
}

function writeArticles(w: Writer, hits: ArticleHits, subject: string): void {
  const { zh } = w
  if (hits.rows.length === 0) {
    w.lines.push(
      zh ? `本站暫時沒有關於「${subject}」的文章。` : `We have no articles about “${subject}” yet.`,
    )
    return
  }
  w.lines.push(zh ? `本站關於「${subject}」的文章：` : `Our articles about “${subject}”:`)
  w.lines.push(hits.rows.map((r) => `- [${r.title}](${r.href}) (${r.publishedAt})`).join('\n'))
}

/** "Tencent Holdings Ltd." → "Tencent": the name articles use. */
function shortName(name: string): string {
  return name.replace(/\s+(Inc|Corp|Corporation|Co|Ltd|Limited|plc|Group|Holdings?)\b.*$/i, '').trim() || name
}

function newsKeywords(question: string): string {
  return question
    .replace(
      /\b(news|latest|recent|articles?|about|on|any|the|what|is|are|there|show|me|give|headlines?|stories|read)\b/gi,
      ' ',
    )
    .replace(
      /新聞|新闻|文章|報導|报导|消息|資訊|资讯|關於|关于|有關|有关|最新|有什麼|有什么|嗎|吗|的|[?？。!！,，]/g,
      ' ',
    )
    .replace(/\s+/g, ' ')
    .trim()
}
