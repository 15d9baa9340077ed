/**
 * Where the hand-over between regional sites runs (ADR 0010; shapes in contracts/site-handover.ts), and the
 * language switcher's link into it. No zod here: the switcher is on every page (ADR 0011).
 */
import type { Region } from './regions.ts'

/** The steps. Always under /api/portal (mounted in every environment): they redirect from one host to another. */
export const handoverPaths = {
  switch: '/api/portal/handover',
  begin: '/api/portal/handover/begin',
  issue: '/api/portal/handover/issue',
  accept: '/api/portal/handover/accept',
} as const

/** The switcher's link when a hand-over is needed: the first step, on the reader's own site. */
export function handoverSwitchHref(to: Region, path: string): string {
  return `${handoverPaths.switch}?${new URLSearchParams({ to, path })}`
}
