/**
 * The chips of the files pending on the question, above the question box: name (cut in the middle), size, and the
 * file's state — a progress bar while its bytes go up, "Reading…" while the server extracts its text, ready, or
 * 'Upload failed' (spec §8) with the reason in the reader's language. Each has a remove button. A failure is read
 * out politely through the page's live region. Also the overlay shown while files are dragged over the chat.
 * Loaded with the tray, on the reader's first attach, drag or paste.
 */
import { clsx } from 'clsx'
import { __iconData as circleExclamationPointShape } from 'lucide-react/icons/circle-exclamation-point'
import { __iconData as fileTextShape } from 'lucide-react/icons/file-text'
import { __iconData as fileUpShape } from 'lucide-react/icons/file-up'
import { __iconData as imageShape } from 'lucide-react/icons/image'
import { __iconData as xShape } from 'lucide-react/icons/x'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { outlineIcon } from '#app/components/icons.tsx'
import { Spinner } from '#app/components/spinner.tsx'
import type { DisplayLocale } from '#app/features/stocks/stock-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { chatFileMaxBytes, chatFilesPerUpload } from '#contracts/chat-file-rules.ts'
import { formatFileSize, shortenFileName } from './chat-file-format.ts'
import type { FileTray } from './chat-file-tray.ts'
import { extensionOf, type PendingFile } from './chat-files-state.ts'

const CircleAlert = outlineIcon(circleExclamationPointShape)
const FileText = outlineIcon(fileTextShape)
const FileUp = outlineIcon(fileUpShape)
const ImageIcon = outlineIcon(imageShape)
const X = outlineIcon(xShape)

const imageExtensions = new Set(['jpg', 'jpeg', 'png', 'bmp'])

/** A file's icon, by its kind once the server named it, else by its name. */
export function FileIcon({
  kind,
  name,
  className,
}: {
  kind: string | null
  name: string
  className: string
}) {
  const Icon = imageExtensions.has(kind ?? extensionOf(name)) ? ImageIcon : FileText
  return <Icon className={className} aria-hidden="true" />
}

function FileChip({
  file,
  displayLocale,
  onRemove,
}: {
  file: PendingFile
  displayLocale: DisplayLocale
  onRemove(): void
}) {
  const { t } = useTranslation(['chat', 'errors'])
  const percent = Math.round(file.progress * 100)
  const isFailed = file.status === 'failed'
  return (
    <li
      className={clsx(
        'flex w-full min-w-0 items-start gap-2 rounded-lg border bg-white py-1.5 ps-2 pe-1 sm:w-72',
        isFailed ? 'border-loss/60' : 'border-ink-300',
      )}
      data-testid="file-chip"
      data-status={file.status}
    >
      {isFailed ? (
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-loss" aria-hidden="true" />
      ) : (
        <FileIcon kind={file.kind} name={file.name} className="mt-0.5 size-5 shrink-0 text-ink-700" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="truncate text-sm font-medium text-ink-950" title={file.name} data-testid="file-name">
          {shortenFileName(file.name)}
        </span>
        <span className="flex items-center gap-1.5 text-xs text-ink-700">
          <span>{formatFileSize(file.size, displayLocale)}</span>
          <span aria-hidden="true">·</span>
          {file.status === 'reading' ? <Spinner size="sm" className="size-3" /> : null}
          <span data-testid="file-state">
            {file.status === 'uploading'
              ? t('chat:files.uploading', { percent })
              : isFailed
                ? t('chat:files.failed')
                : t(`chat:files.${file.status}`)}
          </span>
        </span>
        {file.status === 'uploading' ? (
          <div
            role="progressbar"
            aria-label={t('chat:files.progress', { name: file.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-0.5 h-1.5 w-full overflow-hidden rounded-full bg-ink-100"
          >
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
          </div>
        ) : null}
        {isFailed ? (
          <span className="text-xs text-loss" data-testid="file-failure">
            {t([`errors:${file.failure}`, 'errors:INTERNAL_ERROR'])}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('chat:files.remove', { name: file.name })}
        title={t('chat:files.remove', { name: file.name })}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-ink-700 hover:bg-ink-100 hover:text-ink-950"
        data-testid="remove-file"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  )
}

/** Over the chat while files are dragged onto it: where to drop them, and what may be dropped. */
export function DropOverlay() {
  const { t } = useTranslation('chat')
  return (
    <div
      className="pointer-events-none absolute inset-0 z-10 flex flex-col items-center justify-center gap-2 rounded-card border-2 border-dashed border-brand-600 bg-white/90 p-6 text-center"
      data-testid="drop-overlay"
    >
      <FileUp className="size-8 text-brand-700" aria-hidden="true" />
      <p className="text-lg font-semibold text-ink-950">{t('files.drop')}</p>
      <p className="text-sm text-ink-700">
        {t('files.limits', { files: chatFilesPerUpload, size: chatFileMaxBytes / 1024 / 1024 })}
      </p>
    </div>
  )
}

export function FileChips({
  tray,
  displayLocale,
  onAnnounce,
}: {
  tray: FileTray
  displayLocale: DisplayLocale
  /** Says something through the page's polite live region. */
  onAnnounce(text: string): void
}) {
  const { t } = useTranslation(['chat', 'errors'])
  const state = useSyncExternalStore(tray.subscribe, tray.getState, tray.getState)
  const announced = useRef(new Set<string>())

  useEffect(() => {
    const messages: string[] = []
    for (const file of state.files) {
      if (file.status !== 'failed' || announced.current.has(file.key)) continue
      announced.current.add(file.key)
      messages.push(
        t('chat:files.announceFailed', {
          name: file.name,
          reason: t([`errors:${file.failure}`, 'errors:INTERNAL_ERROR']),
        }),
      )
    }
    if (messages.length > 0) onAnnounce(messages.join(' '))
  }, [state.files, onAnnounce, t])

  if (state.files.length === 0) return null
  return (
    <ul aria-label={t('chat:files.label')} className="flex flex-wrap gap-2" data-testid="file-chips">
      {state.files.map((file) => (
        <FileChip
          key={file.key}
          file={file}
          displayLocale={displayLocale}
          onRemove={() => tray.remove(file.key)}
        />
      ))}
    </ul>
  )
}
