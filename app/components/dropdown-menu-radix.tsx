/** The menu itself, on Radix (keyboard support, focus return). Loaded by dropdown-menu.tsx on the reader's intent. */
import { clsx } from 'clsx'
import { DropdownMenu as RadixDropdown } from 'radix-ui'
import type { ReactNode } from 'react'

export function RadixMenu({
  trigger,
  children,
  align,
  defaultOpen,
}: {
  trigger: ReactNode
  children: ReactNode
  align: 'start' | 'end'
  defaultOpen: boolean
}) {
  return (
    <RadixDropdown.Root modal={false} defaultOpen={defaultOpen}>
      <RadixDropdown.Trigger asChild>{trigger}</RadixDropdown.Trigger>
      <RadixDropdown.Portal>
        <RadixDropdown.Content
          align={align}
          sideOffset={8}
          className="z-50 min-w-48 rounded-card border border-ink-100 bg-white p-1 shadow-lg"
        >
          {children}
        </RadixDropdown.Content>
      </RadixDropdown.Portal>
    </RadixDropdown.Root>
  )
}

export function RadixMenuItem({
  children,
  onSelect,
  className,
}: {
  children: ReactNode
  onSelect?: (() => void) | undefined
  className?: string | undefined
}) {
  return (
    <RadixDropdown.Item
      {...(onSelect ? { onSelect } : {})}
      asChild={false}
      className={clsx(
        'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-ink-800 outline-none data-[highlighted]:bg-ink-50',
        className,
      )}
    >
      {children}
    </RadixDropdown.Item>
  )
}

/** A menu item that is a link; Radix handles focus, the link handles navigation. */
export function RadixMenuLinkItem({ children }: { children: ReactNode }) {
  return (
    <RadixDropdown.Item
      asChild
      className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-ink-800 outline-none data-[highlighted]:bg-ink-50"
    >
      {children}
    </RadixDropdown.Item>
  )
}
