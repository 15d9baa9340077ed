/**
 * One place that knows how a reader reaches us: `openContact()` opens the live chat when a provider is
 * configured, otherwise the contact-subscription dialog. Any contact button calls it.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react'
import type { PublicConfig } from '#server/config.ts'
import { ContactDialog } from './contact-dialog.tsx'
import { createTawkLiveChat, type LiveChat } from './live-chat.ts'

interface ContactApi {
  openContact(): void
  openContactDialog(): void
  liveChat: LiveChat | undefined
}

const ContactContext = createContext<ContactApi | undefined>(undefined)

export function ContactProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  const [isDialogOpen, setIsDialogOpen] = useState(false)
  const liveChat = useRef<LiveChat | undefined>(undefined)
  const { provider, scriptUrl } = config.liveChat

  useEffect(() => {
    if (provider === 'tawk' && scriptUrl && !liveChat.current)
      liveChat.current = createTawkLiveChat(scriptUrl)
  }, [provider, scriptUrl])

  const openContactDialog = useCallback(() => setIsDialogOpen(true), [])
  const openContact = useCallback(() => {
    if (liveChat.current) liveChat.current.open()
    else setIsDialogOpen(true)
  }, [])

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
      <ContactDialog isOpen={isDialogOpen} onOpenChange={setIsDialogOpen} channels={config.contact} />
    </ContactContext.Provider>
  )
}

export function useContact(): ContactApi {
  const api = useContext(ContactContext)
  if (!api) throw new Error('useContact must be used inside ContactProvider')
  return api
}
