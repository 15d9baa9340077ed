/**
 * The chat's conversation list as the page keeps it: loaded a page at a time (later pages may repeat a conversation
 * that moved to the top since the first was read), a conversation moved to the top when a question goes to it or
 * its title arrives, renamed and deleted through the API. What a failure says is the page's.
 */
import { useCallback, useState } from 'react'
import { ApiError } from '#app/api/api-client.ts'
import type { ChatConversation } from '#contracts/chat-rules.ts'
import { deleteConversation, listConversations, renameConversation } from './chat-api.ts'

interface ListState {
  rows: ChatConversation[]
  total: number
  page: number
  isLoading: boolean
}

/** The error code of a failed call, for the page to say in the reader's language. */
export function codeOf(error: unknown): string {
  return error instanceof ApiError ? error.code : 'INTERNAL_ERROR'
}

export function useConversations() {
  const [list, setList] = useState<ListState>({ rows: [], total: 0, page: 0, isLoading: true })

  const load = useCallback(async (page: number) => {
    setList((current) => ({ ...current, isLoading: true }))
    try {
      const answer = await listConversations(page)
      setList((current) => {
        const rows =
          page === 1
            ? answer.rows
            : [...current.rows, ...answer.rows.filter((row) => !current.rows.some((r) => r.id === row.id))]
        return { rows, total: answer.total, page, isLoading: false }
      })
    } catch {
      setList((current) => ({ ...current, isLoading: false }))
    }
  }, [])

  /** Puts a conversation at the top (a new one: counted in), with what changed. */
  const touch = useCallback((conversationId: string, change: Partial<ChatConversation> = {}) => {
    setList((current) => {
      const existing = current.rows.find((row) => row.id === conversationId)
      const now = new Date().toISOString()
      const row: ChatConversation = {
        id: conversationId,
        title: existing?.title ?? '',
        createdAt: existing?.createdAt ?? now,
        ...change,
        updatedAt: now,
      }
      return {
        ...current,
        rows: [row, ...current.rows.filter((r) => r.id !== conversationId)],
        total: existing ? current.total : current.total + 1,
      }
    })
  }, [])

  /** Resolves to the refusal's code, or null when renamed. */
  const rename = async (id: string, title: string): Promise<string | null> => {
    try {
      const saved = await renameConversation(id, title)
      setList((current) => ({
        ...current,
        rows: current.rows.map((row) => (row.id === id ? { ...row, title: saved.title } : row)),
      }))
      return null
    } catch (error) {
      return codeOf(error)
    }
  }

  /** Deletes a conversation (a failure is thrown to the caller). */
  const remove = async (id: string) => {
    await deleteConversation(id)
    setList((current) => ({
      ...current,
      rows: current.rows.filter((row) => row.id !== id),
      total: Math.max(0, current.total - 1),
    }))
  }

  return { list, load, touch, rename, remove }
}
