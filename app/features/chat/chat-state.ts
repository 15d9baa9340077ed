/**
 * The open conversation's messages and what is being written, as one reducer so every turn of a streamed answer
 * (asked, the stream's events, stopped, failed before it opened, voted, regenerated) is a pure, tested step.
 * Questions and answers not yet known to the server carry local ids until the stream's `start` names them.
 */
import type { ChatAttachment, ChatMessage, ChatSource, ChatVote } from '#contracts/chat-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import type { ChatStreamEvent } from './sse-parser.ts'

export interface ChatState {
  conversationId: string | null
  messages: ChatMessage[]
  /** The answer being written (its current id), the tool it is using, and the question that asked it. */
  streaming: {
    answerId: string
    questionId: string
    toolLabel: string | null
    /** The answer being written again (regenerate), put back when the server refuses. */
    previous?: ChatMessage
  } | null
  /** Why the last question got no answer (a quota or input code, or a failure), shown by the composer. */
  failure: { code: string; question: string; retryAfterSeconds?: number | null } | null
  /** The id of the last answer that finished, for the live region to announce once. */
  finishedAnswerId: string | null
}

export type ChatAction =
  | { type: 'opened'; conversationId: string | null; messages: ChatMessage[] }
  | {
      type: 'asked'
      question: string
      locale: Locale
      localId: string
      now: string
      /** The files the question carries, shown under it at once. */
      attachments?: ChatAttachment[]
    }
  | { type: 'regenerating'; answerId: string }
  | { type: 'event'; event: ChatStreamEvent }
  /** The stream ended without `done` (the reader stopped it, the connection dropped): keep what was written. */
  | { type: 'ended'; reason: 'stopped' | 'failed' }
  /** The server refused before the stream opened: nothing was stored, the question goes back to the composer. */
  | { type: 'refused'; code: string; retryAfterSeconds?: number | null }
  /** A vote, and the reason sent with a down-vote (any vote without one clears it, as the server does). */
  | { type: 'voted'; messageId: string; vote: ChatVote | null; note?: string | null }
  | { type: 'clearFailure' }

export const emptyChatState: ChatState = {
  conversationId: null,
  messages: [],
  streaming: null,
  failure: null,
  finishedAnswerId: null,
}

function updateMessage(state: ChatState, id: string, change: (message: ChatMessage) => ChatMessage) {
  return state.messages.map((message) => (message.id === id ? change(message) : message))
}

function addSource(sources: ChatSource[], source: ChatSource): ChatSource[] {
  return sources.some((s) => s.href === source.href && s.kind === source.kind)
    ? sources
    : [...sources, source]
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'opened':
      return { ...emptyChatState, conversationId: action.conversationId, messages: action.messages }
    case 'asked': {
      const base = {
        conversationId: state.conversationId ?? '',
        sources: [],
        attachments: [],
        vote: null,
        voteNote: null,
        isDemo: false,
        locale: action.locale,
        createdAt: action.now,
      }
      const question: ChatMessage = {
        ...base,
        id: `local-q-${action.localId}`,
        role: 'question',
        text: action.question,
        status: 'complete',
        attachments: action.attachments ?? [],
        assistant: null,
      }
      const answer: ChatMessage = {
        ...base,
        id: `local-a-${action.localId}`,
        role: 'answer',
        text: '',
        status: 'streaming',
        assistant: null,
      }
      return {
        ...state,
        messages: [...state.messages, question, answer],
        streaming: { answerId: answer.id, questionId: question.id, toolLabel: null },
        failure: null,
      }
    }
    case 'regenerating': {
      const index = state.messages.findIndex((m) => m.id === action.answerId)
      const question = state.messages.slice(0, Math.max(index, 0)).findLast((m) => m.role === 'question')
      const previous = state.messages[index]
      if (!previous || !question) return state
      return {
        ...state,
        messages: updateMessage(state, action.answerId, (m) => ({
          ...m,
          text: '',
          sources: [],
          vote: null,
          voteNote: null,
          isDemo: false,
          status: 'streaming',
        })),
        streaming: { answerId: action.answerId, questionId: question.id, toolLabel: null, previous },
        failure: null,
      }
    }
    case 'event':
      return applyEvent(state, action.event)
    case 'ended': {
      if (!state.streaming) return state
      const { answerId } = state.streaming
      return {
        ...state,
        messages: updateMessage(state, answerId, (m) => ({
          ...m,
          status: action.reason === 'stopped' ? 'stopped' : m.text ? 'stopped' : 'failed',
        })),
        streaming: null,
        finishedAnswerId: answerId,
      }
    }
    case 'refused': {
      const retryAfterSeconds = action.retryAfterSeconds ?? null
      if (!state.streaming)
        return { ...state, failure: { code: action.code, question: '', retryAfterSeconds } }
      const { answerId, questionId, previous } = state.streaming
      const question = state.messages.find((m) => m.id === questionId)
      const isNewTurn = !previous
      return {
        ...state,
        messages: previous
          ? updateMessage(state, answerId, () => previous)
          : state.messages.filter((m) => m.id !== answerId && m.id !== questionId),
        streaming: null,
        failure: { code: action.code, question: isNewTurn ? (question?.text ?? '') : '', retryAfterSeconds },
      }
    }
    case 'voted':
      return {
        ...state,
        messages: updateMessage(state, action.messageId, (m) => ({
          ...m,
          vote: action.vote,
          voteNote: action.vote === 'down' ? (action.note ?? null) : null,
        })),
      }
    case 'clearFailure':
      return { ...state, failure: null }
  }
}

function applyEvent(state: ChatState, event: ChatStreamEvent): ChatState {
  const streaming = state.streaming
  if (!streaming) return state
  switch (event.name) {
    case 'start': {
      const { conversationId, questionId, answerId, assistant } = event.data
      return {
        ...state,
        conversationId,
        messages: state.messages.map((m) => {
          if (m.id === streaming.questionId) return { ...m, id: questionId, conversationId }
          if (m.id === streaming.answerId) return { ...m, id: answerId, conversationId, assistant }
          return m
        }),
        streaming: { answerId, questionId, toolLabel: null },
      }
    }
    case 'tool':
      return { ...state, streaming: { ...streaming, toolLabel: event.data.label } }
    case 'text':
      return {
        ...state,
        messages: updateMessage(state, streaming.answerId, (m) => ({
          ...m,
          text: m.text + event.data.delta,
        })),
        streaming: { ...streaming, toolLabel: null },
      }
    case 'source':
      return {
        ...state,
        messages: updateMessage(state, streaming.answerId, (m) => ({
          ...m,
          sources: addSource(m.sources, event.data),
          isDemo: m.isDemo || event.data.isDemo,
        })),
      }
    case 'title':
      return state
    case 'done':
      return {
        ...state,
        messages: updateMessage(state, streaming.answerId, (m) => ({
          ...m,
          id: event.data.answerId,
          status: event.data.status,
          isDemo: event.data.isDemo,
        })),
        streaming: null,
        finishedAnswerId: event.data.answerId,
      }
    case 'error':
      return {
        ...state,
        messages: updateMessage(state, streaming.answerId, (m) => ({ ...m, status: 'failed' })),
        streaming: null,
        failure: { code: event.data.code, question: '' },
        finishedAnswerId: streaming.answerId,
      }
  }
}

/** The question an answer answers: the nearest question before it. */
export function questionBefore(messages: ChatMessage[], answerId: string): ChatMessage | undefined {
  const index = messages.findIndex((m) => m.id === answerId)
  return index === -1 ? undefined : messages.slice(0, index).findLast((m) => m.role === 'question')
}
