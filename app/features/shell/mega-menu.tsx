/**
 * The services mega-menu (spec §2): opens on hover or click, lists each service group's articles, and closes
 * 1000 ms after the pointer leaves (spec §9) so a diagonal move toward a link does not close it.
 * The panel hangs from the header's container (which is `relative`), not from the Services button: it spans the
 * header's width, its columns wrap to what fits, and it scrolls when taller than the screen, so it stays inside the
 * viewport at every desktop width (issue 9).
 */
import { clsx } from 'clsx'
import { __iconData as chevronDownShape } from 'lucide-react/icons/chevron-down'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { outlineIcon } from '#app/components/icons.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { MenuGroup } from '#contracts/site.ts'

const ChevronDown = outlineIcon(chevronDownShape)

export const megaMenuCloseDelayMs = 1000
/**
 * A click this soon after the pointer opened the menu by hovering is the same reader's intent to open it: without
 * this window the click would toggle the just-opened menu shut (how soon the hover's render lands decided which).
 */
const hoverThenClickMs = 600

export function MegaMenu({ groups }: { groups: MenuGroup[] }) {
  const { t } = useTranslation('shell')
  const [isOpen, setIsOpen] = useState(false)
  const closeTimer = useRef<number | undefined>(undefined)
  const openedByHoverAt = useRef(0)
  const panelId = useId()
  const location = useLocation()

  const cancelClose = useCallback(() => window.clearTimeout(closeTimer.current), [])
  const open = () => {
    cancelClose()
    setIsOpen(true)
  }
  const openOnHover = () => {
    if (!isOpen) openedByHoverAt.current = Date.now()
    open()
  }
  const toggleOnClick = () => {
    if (isOpen && Date.now() - openedByHoverAt.current > hoverThenClickMs) setIsOpen(false)
    else open()
  }
  const scheduleClose = () => {
    cancelClose()
    closeTimer.current = window.setTimeout(() => setIsOpen(false), megaMenuCloseDelayMs)
  }

  // Close when the reader navigates: the location key changes on every navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must run on navigation only
  useEffect(() => {
    cancelClose()
    setIsOpen(false)
  }, [location.key])
  useEffect(() => cancelClose, [cancelClose])

  // Escape closes it from anywhere inside the open panel, as well as from the button.
  useEffect(() => {
    if (!isOpen) return
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false)
    }
    document.addEventListener('keydown', closeOnEscape)
    return () => document.removeEventListener('keydown', closeOnEscape)
  }, [isOpen])

  if (groups.length === 0) return null
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only opens early; keyboard and touch use the button
    <div onMouseEnter={openOnHover} onMouseLeave={scheduleClose}>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={toggleOnClick}
        className="inline-flex items-center gap-1 rounded-lg px-2 py-2 2xl:px-3 text-sm font-medium text-ink-800 hover:bg-ink-100"
      >
        {t('nav.services')}
        <ChevronDown
          className={clsx('size-4 transition-transform', isOpen && 'rotate-180')}
          aria-hidden="true"
        />
      </button>
      <div
        id={panelId}
        hidden={!isOpen}
        className="absolute inset-x-4 top-full z-40 max-h-[calc(100dvh-5rem)] overflow-y-auto overscroll-contain rounded-card border border-ink-100 bg-white p-6 shadow-xl lg:inset-x-6"
        data-testid="mega-menu"
      >
        <div className="grid grid-cols-[repeat(auto-fit,minmax(15rem,1fr))] gap-x-8 gap-y-6">
          {groups.map((group) => (
            <section key={group.menuName} aria-label={group.menuName}>
              <h2 className="mb-2 text-xs font-semibold tracking-wide text-brand-700 uppercase">
                {group.menuName}
              </h2>
              <ul className="flex flex-col gap-1">
                {group.articles.map((article) => (
                  <li key={article.k}>
                    <PageLink
                      to={`/articles/${encodeURIComponent(article.k)}`}
                      className="block rounded-md px-2 py-1.5 text-sm text-ink-800 hover:bg-ink-50 hover:text-brand-700"
                    >
                      {article.v}
                    </PageLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </div>
  )
}
