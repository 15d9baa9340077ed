/**
 * One place that knows how a reader reaches us: `openContact()` opens the live chat when a provider is
 * configured, otherwise the contact-subscription dialog. Any contact button calls it. The dialog (with its form) is
 * fetched the first time it opens (ADR 0011).
 */
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react'
import { preloadDialog } from '#app/components/dialog.tsx'
import { useHasOpened } from '#app/components/on-demand.ts'
import type { PublicConfig } from '#contracts/public-config.ts'
import { createTawkLiveChat, type LiveChat } from './live-chat.ts'

const ContactDialog = lazy(() =>
  import('./contact-dialog.tsx').then((module) => ({ default: module.ContactDialog })),
)

interface ContactApi {
  openContact(): void
  openContactDialog(): void
  liveChat: LiveChat | undefined
}

const ContactContext = createContext<ContactApi | undefined>(undefined)

export function ContactProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  const [isDialogOpen, setIsDialogOpen] = useState(false)
  const hasOpenedDialog = useHasOpened(isDialogOpen)
  const liveChat = useRef<LiveChat | undefined>(undefined)
  const { provider, scriptUrl } = config.liveChat

  useEffect(() => {
    if (provider === 'tawk' && scriptUrl && !liveChat.current)
      liveChat.current = createTawkLiveChat(scriptUrl)
  }, [provider, scriptUrl])

  const openContactDialog = useCallback(() => {
    // The modal's own code is fetched alongside the dialog's, not after it.
    preloadDialog()
    setIsDialogOpen(true)
  }, [])
  const openContact = useCallback(() => {
    if (liveChat.current) liveChat.current.open()
    else openContactDialog()
  }, [openContactDialog])

  return (
    <ContactContext.Provider
      value={{
        openContact,
        openContactDialog,
        // Read when used, not when rendered: the widget is created in an effect after the first render.
        get liveChat() {
          return liveChat.current
        },
      }}
    >
      {children}
      {hasOpenedDialog ? (
        <Suspense fallback={null}>
          <ContactDialog isOpen={isDialogOpen} onOpenChange={setIsDialogOpen} channels={config.contact} />
        </Suspense>
      ) : null}
    </ContactContext.Provider>
  )
}

export function useContact(): ContactApi {
  const api = useContext(ContactContext)
  if (!api) throw new Error('useContact must be used inside ContactProvider')
  return api
}
