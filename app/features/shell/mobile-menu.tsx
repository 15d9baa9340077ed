/**
 * Below the desktop breakpoint the navigation lives in a sheet opened from the header's menu button. The account entry
 * and the language switcher come first, where a reader looks for them; each service group's articles fold into a
 * disclosure (closed at first, native so it works before hydration), so the sheet stays about one screen tall.
 * The sheet (mobile-menu-sheet.tsx) and its dialog are fetched when the button is first pointed at, focused or
 * pressed, not with the page (ADR 0011).
 */

import { __iconData as menuShape } from 'lucide-react/icons/menu'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { preloadDialog } from '#app/components/dialog.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { onDemand, useHasOpened } from '#app/components/on-demand.ts'
import { NoticeDot } from '#app/features/account/account-menu.tsx'
import { useAccount } from '#app/features/account/account-provider.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { MenuGroup } from '#contracts/site.ts'

const Menu = outlineIcon(menuShape)

const mobileMenuSheet = onDemand(() => import('./mobile-menu-sheet.tsx'))
const MobileMenuSheet = lazy(() =>
  mobileMenuSheet.load().then((module) => ({ default: module.MobileMenuSheet })),
)

function preloadSheet() {
  mobileMenuSheet.preload()
  preloadDialog()
}

export function MobileMenu({ menu }: { menu: MenuGroup[] }) {
  const { t } = useTranslation('shell')
  const [isOpen, setIsOpen] = useState(false)
  const hasOpened = useHasOpened(isOpen)
  const location = useLocation()
  // A new expert answer shows on the button too: the account entry is inside the sheet (issue 15).
  const { expertAnswersUnseen } = useAccount()
  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every navigation
  useEffect(() => setIsOpen(false), [location.key])
  return (
    <div className="lg:hidden">
      <button
        type="button"
        onClick={() => setIsOpen(true)}
        onPointerDown={preloadSheet}
        onPointerEnter={preloadSheet}
        onFocus={preloadSheet}
        className="relative inline-flex size-10 items-center justify-center rounded-lg text-ink-800 hover:bg-ink-100"
        aria-label={t('openMenu')}
      >
        <Menu className="size-6" aria-hidden="true" />
        {expertAnswersUnseen > 0 ? <NoticeDot /> : null}
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <MobileMenuSheet menu={menu} isOpen={isOpen} onOpenChange={setIsOpen} />
        </Suspense>
      ) : null}
    </div>
  )
}
