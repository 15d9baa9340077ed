/**
 * A menu that opens from a button (the header's More menu), on Radix for keyboard support. Until the reader shows
 * intent — a pointer over, a focus on or a press of the button — the button is drawn on its own, as the server drew it,
 * and Radix's menu is not part of the page's code (ADR 0011). Intent fetches the menu (dropdown-menu-radix.tsx); a
 * press that came before it arrived opens it when it does, and a focused button keeps the focus across the swap.
 */
import {
  cloneElement,
  isValidElement,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react'
import { onDemand, useOnDemand } from './on-demand.ts'

const radixMenu = onDemand(() => import('./dropdown-menu-radix.tsx'))

/** Keys with which Radix opens a menu from its button. */
const openingKeys = new Set(['Enter', ' ', 'ArrowDown'])

export function DropdownMenu({
  trigger,
  children,
  align = 'end',
}: {
  trigger: ReactNode
  children: ReactNode
  align?: 'start' | 'end'
}) {
  // Local state rather than the shared module: the swap happens when this menu asked for it, and the focus is read
  // just before it.
  const [menu, setMenu] = useState(() => radixMenu.current)
  const [isPressedEarly, setIsPressedEarly] = useState(false)
  const wrapper = useRef<HTMLSpanElement>(null)
  const wasFocused = useRef(false)

  // The swap draws a new button: give it the focus the old one had. A menu opened by the press takes the focus itself;
  // the early press has then done its part (`defaultOpen` counts only when the menu mounts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the menu arrives
  useEffect(() => {
    if (!menu) return
    if (wasFocused.current && !isPressedEarly)
      wrapper.current?.querySelector<HTMLElement>('button, [tabindex]')?.focus()
    setIsPressedEarly(false)
  }, [menu])

  const fetchMenu = () => {
    if (menu) return
    radixMenu
      .load()
      .then((module) => {
        wasFocused.current = wrapper.current?.contains(document.activeElement) ?? false
        setMenu(module)
      })
      .catch(() => undefined)
  }
  const openWhenFetched = () => {
    if (menu) return
    setIsPressedEarly(true)
    fetchMenu()
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only listens to the button inside for the reader's intent
    <span
      ref={wrapper}
      className="contents"
      onPointerEnter={fetchMenu}
      onFocus={fetchMenu}
      onPointerDown={(event) => {
        if (event.button === 0) openWhenFetched()
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (openingKeys.has(event.key)) openWhenFetched()
      }}
    >
      {menu ? (
        <menu.RadixMenu trigger={trigger} align={align} defaultOpen={isPressedEarly}>
          {children}
        </menu.RadixMenu>
      ) : isValidElement(trigger) ? (
        // As Radix marks its button, so the menu is announced as one before its code arrives.
        cloneElement(trigger as React.ReactElement<Record<string, unknown>>, {
          'aria-haspopup': 'menu',
          'aria-expanded': false,
          'data-state': 'closed',
        })
      ) : (
        trigger
      )}
    </span>
  )
}

// Items are drawn only inside an open menu, so the menu's code is there by then.

export function DropdownMenuItem(props: { children: ReactNode; onSelect?: () => void; className?: string }) {
  const menu = useOnDemand(radixMenu)
  return menu ? <menu.RadixMenuItem {...props} /> : null
}

/** A menu item that is a link; Radix handles focus, the link handles navigation. */
export function DropdownMenuLinkItem({ children }: { children: ReactNode }) {
  const menu = useOnDemand(radixMenu)
  return menu ? <menu.RadixMenuLinkItem>{children}</menu.RadixMenuLinkItem> : null
}
