/**
 * Expert questions on the wire (contracts/expert-rules.ts): what the asker sees of a question and what the console
 * does. The asker never sees a number; the console sees numbers masked (+852 ****1234).
 */
import type { ConsoleExpertQuestion, ExpertQuestion, ExpertStaffRef } from '#contracts/expert-rules.ts'
import { maskMobile } from '#contracts/mobile-number.ts'
import type { ExpertQuestionView } from './expert-views.read-model.ts'

function staffRefOf(memberId: string | null, phone: string | null): ExpertStaffRef | null {
  return memberId && phone ? { memberId, maskedPhone: maskMobile(phone) } : null
}

/** A question as its asker sees it: the answer once answered, by the analyst's display name only. */
export function readerQuestionOf(view: ExpertQuestionView): ExpertQuestion {
  const { question } = view
  return {
    id: question.id,
    stock: {
      market: question.market,
      code: question.code,
      nameEn: view.nameEn ?? question.code,
      nameZh: view.nameZh ?? question.code,
    },
    question: question.question,
    locale: question.locale,
    fileName: question.fileName,
    state: question.state,
    askedAt: question.askedAt.toISOString(),
    answer: question.state === 'answered' ? question.answer : null,
    answeredAt: question.state === 'answered' ? (question.answeredAt?.toISOString() ?? null) : null,
    answeredBy: question.state === 'answered' ? view.answeredByName : null,
    isNew: question.state === 'answered' && question.answerSeenAt === null,
  }
}

/** A question as the console shows it: the asker's number masked, the claim and answer by masked number. */
export function consoleQuestionOf(view: ExpertQuestionView): ConsoleExpertQuestion {
  const { question } = view
  return {
    id: question.id,
    askerMaskedPhone: maskMobile(question.memberPhone),
    stock: {
      market: question.market,
      code: question.code,
      nameEn: view.nameEn ?? question.code,
      nameZh: view.nameZh ?? question.code,
    },
    question: question.question,
    locale: question.locale,
    file:
      question.fileName === null
        ? null
        : view.file
          ? { name: view.file.name, kind: view.file.kind, size: view.file.size, isAvailable: true }
          : { name: question.fileName, kind: '', size: 0, isAvailable: false },
    state: question.state,
    askedAt: question.askedAt.toISOString(),
    claimedBy: staffRefOf(question.claimedByMemberId, question.claimedByPhone),
    claimedAt: question.claimedAt?.toISOString() ?? null,
    answer: question.answer,
    answeredAt: question.answeredAt?.toISOString() ?? null,
    answeredBy: staffRefOf(question.answeredByMemberId, question.answeredByPhone),
    answerSeenAt: question.answerSeenAt?.toISOString() ?? null,
  }
}
