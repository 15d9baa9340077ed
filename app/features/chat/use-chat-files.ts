/**
 * The files of the chat's next question: taken by the composer's paperclip, pasted into it, or dropped on the chat.
 * The code that uploads them and draws their chips is fetched on the first of those (or the intent to), and the tray
 * it makes lives for the page. A new chat's files go into a conversation made for them (`onConversationMade`).
 */
import { type DragEvent, useRef, useState } from 'react'
import { onDemand, useOnDemand } from '#app/components/on-demand.ts'
import { toast } from '#app/components/toaster.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { FileTray } from './chat-file-tray.ts'
import type { ChatState } from './chat-state.ts'

const fileViews = onDemand(() =>
  Promise.all([import('./chat-file-tray.ts'), import('./file-chips.tsx')]).then(([tray, chips]) => ({
    createFileTray: tray.createFileTray,
    FileChips: chips.FileChips,
    DropOverlay: chips.DropOverlay,
  })),
)

/** A drag that carries files (not text or a link dragged from the page). */
function isDraggingFiles(event: DragEvent): boolean {
  return event.dataTransfer.types.includes('Files')
}

export function useChatFiles({
  stateRef,
  canAttach,
  onConversationMade,
}: {
  stateRef: { readonly current: ChatState }
  /** Files are taken only while no conversation is being opened. */
  canAttach: boolean
  onConversationMade(conversationId: string): void
}) {
  const { t } = useTranslation('errors')
  const views = useOnDemand(fileViews)
  const [tray, setTray] = useState<FileTray | null>(null)
  const trayRef = useRef(tray)
  const [isWaiting, setIsWaiting] = useState(false)
  const [isDragging, setIsDragging] = useState(false)

  const attach = (picked: File[]) => {
    if (!canAttach || picked.length === 0) return
    fileViews.load().then(
      (module) => {
        trayRef.current ??= module.createFileTray({
          openConversation: () => ({
            id: stateRef.current.conversationId,
            isAnswering: stateRef.current.streaming !== null,
          }),
          onConversationMade,
          onWaitingChange: setIsWaiting,
        })
        setTray(trayRef.current)
        trayRef.current.add(picked)
      },
      () => toast.error(t('NETWORK_ERROR')),
    )
  }

  /** The handlers that take files dropped on the chat. */
  const dropZone = {
    onDragEnter(event: DragEvent) {
      if (!isDraggingFiles(event) || !canAttach) return
      event.preventDefault()
      setIsDragging(true)
      fileViews.preload()
    },
    onDragOver(event: DragEvent) {
      if (!isDraggingFiles(event) || !canAttach) return
      event.preventDefault()
      event.dataTransfer.dropEffect = 'copy'
    },
    onDragLeave(event: DragEvent) {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false)
    },
    onDrop(event: DragEvent) {
      if (!isDraggingFiles(event)) return
      event.preventDefault()
      setIsDragging(false)
      attach([...event.dataTransfer.files])
    },
  }

  return {
    /** The upload and chip code, once fetched. */
    views,
    tray,
    /** The tray, for the calls that take, clear or put back its files. */
    trayRef,
    /** Whether a question must wait for its files (still uploading or being read). */
    isWaiting,
    isDragging,
    attach,
    preload: fileViews.preload,
    dropZone,
  }
}
