/** The browser's calls of expert diagnosis (contracts/expert.ts), through the shared client. */
import { api, dataOf } from '#app/api/api-client.ts'
import type {
  ExpertAskAnswer,
  ExpertFileChoice,
  ExpertQuestion,
  ExpertQuestionPage,
} from '#contracts/expert-rules.ts'
import type { Market } from '#contracts/regions.ts'

export async function fetchMyQuestions(page: number): Promise<ExpertQuestionPage> {
  return dataOf(await api.get<ExpertQuestionPage>('/member/expert/questions', { page }))
}

export async function askExpert(request: {
  market: Market
  code: string
  question: string
  fileId: string | null
}): Promise<ExpertAskAnswer> {
  return dataOf(await api.post<ExpertAskAnswer>('/member/expert/questions', request))
}

/** Opens one of the reader's questions; an answered one is marked seen by it. */
export async function openQuestion(id: string): Promise<ExpertQuestion> {
  return dataOf(await api.get<ExpertQuestion>(`/member/expert/questions/${encodeURIComponent(id)}`))
}

export async function withdrawQuestion(id: string): Promise<ExpertQuestion> {
  return dataOf(await api.post<ExpertQuestion>(`/member/expert/questions/${encodeURIComponent(id)}/withdraw`))
}

export async function fetchFileChoices(): Promise<ExpertFileChoice[]> {
  return dataOf(await api.get<ExpertFileChoice[]>('/member/expert/files'))
}
