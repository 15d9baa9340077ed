/**
 * The header's links, in priority order. Each has the width from which it shows in the bar; below that width it
 * moves into the More menu (spec §2), and a few live there at every width. The AI diagnosis and classroom links are
 * always in the bar on desktop. The widths are measured: with the search at its usable width and the account menu,
 * the English bar (the longer labels) fits from 1024 px up (e2e/screen-layout.spec.ts checks 1280–1920).
 */
export interface NavItem {
  to: string
  labelKey: string
  /** Tailwind breakpoint from which the link fits in the bar; `more`: always in the More menu. */
  visibleFrom: 'lg' | 'xl' | '2xl' | 'more'
}

export const navItems: NavItem[] = [
  { to: '/ai-stock-diagnosis', labelKey: 'nav.aiDiagnosis', visibleFrom: 'lg' },
  { to: '/ai-qna', labelKey: 'nav.aiChat', visibleFrom: 'xl' },
  { to: '/articles', labelKey: 'nav.articles', visibleFrom: 'xl' },
  { to: '/stocks-hot', labelKey: 'nav.hotStocks', visibleFrom: 'xl' },
  { to: '/stocks-valuation', labelKey: 'nav.valuation', visibleFrom: '2xl' },
  { to: '/stocks-screener', labelKey: 'nav.screener', visibleFrom: 'more' },
  { to: '/calendar', labelKey: 'nav.calendar', visibleFrom: 'more' },
  { to: '/member/investment', labelKey: 'nav.classroom', visibleFrom: 'lg' },
  { to: '/analysis', labelKey: 'nav.analysis', visibleFrom: '2xl' },
  { to: '/executives-moves', labelKey: 'nav.executivesMoves', visibleFrom: 'more' },
  { to: '/subscribe', labelKey: 'nav.plans', visibleFrom: 'more' },
]

/** Class lists written out in full so Tailwind sees them. */
export const barVisibility: Record<NavItem['visibleFrom'], string> = {
  lg: 'hidden lg:flex',
  xl: 'hidden xl:flex',
  '2xl': 'hidden 2xl:flex',
  more: 'hidden',
}

export const moreMenuVisibility: Record<NavItem['visibleFrom'], string> = {
  lg: 'lg:hidden',
  xl: 'xl:hidden',
  '2xl': '2xl:hidden',
  more: '',
}
