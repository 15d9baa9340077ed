/**
 * The header's links, in priority order. Each has the width from which it shows in the bar; below that width it
 * moves into the More menu (spec §2). The AI diagnosis and classroom links are always in the bar on desktop.
 */
export interface NavItem {
  to: string
  labelKey: string
  /** Tailwind breakpoint from which the link fits in the bar. */
  visibleFrom: 'lg' | 'xl' | '2xl'
}

export const navItems: NavItem[] = [
  { to: '/ai-stock-diagnosis', labelKey: 'nav.aiDiagnosis', visibleFrom: 'lg' },
  { to: '/ai-qna', labelKey: 'nav.aiChat', visibleFrom: 'xl' },
  { to: '/articles', labelKey: 'nav.articles', visibleFrom: 'lg' },
  { to: '/stocks-hot', labelKey: 'nav.hotStocks', visibleFrom: 'xl' },
  { to: '/stocks-valuation', labelKey: 'nav.valuation', visibleFrom: 'xl' },
  { to: '/member/investment', labelKey: 'nav.classroom', visibleFrom: 'lg' },
  { to: '/analysis', labelKey: 'nav.analysis', visibleFrom: '2xl' },
  { to: '/executives-moves', labelKey: 'nav.executivesMoves', visibleFrom: '2xl' },
  { to: '/subscribe', labelKey: 'nav.plans', visibleFrom: '2xl' },
]

/** Class lists written out in full so Tailwind sees them. */
export const barVisibility: Record<NavItem['visibleFrom'], string> = {
  lg: 'hidden lg:flex',
  xl: 'hidden xl:flex',
  '2xl': 'hidden 2xl:flex',
}

export const moreMenuVisibility: Record<NavItem['visibleFrom'], string> = {
  lg: 'lg:hidden',
  xl: 'xl:hidden',
  '2xl': '2xl:hidden',
}
