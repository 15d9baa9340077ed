/**
 * The live-chat widget behind an adapter (spec §1, §4, §9): hidden by default, shown and opened by the contact
 * buttons, hidden again 1000 ms after the reader minimises it. `tawk` drives tawk.to's JavaScript API through
 * the configured script URL; with no provider, contact buttons open the contact dialog instead.
 */

export const liveChatHideDelayMs = 1000

export interface LiveChatCustomer {
  id: string
  name: string
}

export interface LiveChat {
  open(): void
  setCustomer(customer: LiveChatCustomer): void
  resetCustomer(): void
}

interface TawkApi {
  onLoad?: () => void
  onChatMinimized?: () => void
  hideWidget?: () => void
  showWidget?: () => void
  maximize?: () => void
  setAttributes?: (attributes: Record<string, string>, callback?: (error?: unknown) => void) => void
  logout?: (callback?: (error?: unknown) => void) => void
  visitor?: { name?: string; email?: string }
}

declare global {
  interface Window {
    Tawk_API?: TawkApi
    Tawk_LoadStart?: Date
  }
}

export function createTawkLiveChat(scriptUrl: string): LiveChat {
  const tawk: TawkApi = window.Tawk_API ?? {}
  window.Tawk_API = tawk
  window.Tawk_LoadStart = new Date()
  let isLoaded = false
  let wantsOpen = false
  let hideTimer: number | undefined

  tawk.onLoad = () => {
    isLoaded = true
    if (wantsOpen) showAndMaximise()
    else tawk.hideWidget?.()
  }
  tawk.onChatMinimized = () => {
    window.clearTimeout(hideTimer)
    hideTimer = window.setTimeout(() => tawk.hideWidget?.(), liveChatHideDelayMs)
  }

  function showAndMaximise() {
    window.clearTimeout(hideTimer)
    tawk.showWidget?.()
    tawk.maximize?.()
  }

  const script = document.createElement('script')
  script.async = true
  script.src = scriptUrl
  script.charset = 'UTF-8'
  script.setAttribute('crossorigin', '*')
  document.body.appendChild(script)

  return {
    open() {
      wantsOpen = true
      if (isLoaded) showAndMaximise()
    },
    setCustomer(customer) {
      tawk.visitor = { name: customer.name }
      if (isLoaded) tawk.setAttributes?.({ name: customer.name, id: customer.id })
    },
    resetCustomer() {
      tawk.visitor = {}
      if (isLoaded) tawk.logout?.()
    },
  }
}
