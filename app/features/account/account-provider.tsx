/**
 * The reader's login state in the page (spec §4): logged in while the access-token cookie is present (the server
 * render tells; the cookie itself is HttpOnly). Member info is fetched after every navigation while logged in.
 * Logging out — asked for (with a confirmation), or forced by a 401 from any call or a failed member-info lookup
 * (without one) — calls DELETE /token/logout, clears the cookies, resets the live-chat customer and marks the
 * page logged out; a forced logout on /ai-qna reloads the page. When the account page has already ended the
 * session (log out of all devices, account deleted), only the browser's side is done.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useLocation, useRevalidator } from 'react-router'
import { onUnauthenticated } from '#app/api/session-events.ts'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { toast } from '#app/components/toaster.tsx'
import { useContact } from '#app/features/contact/contact-provider.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { LoginAnswer, UserInfoCookie } from '#contracts/accounts.ts'
import { userInfoCookieOf } from '#contracts/user-info-cookie.ts'
import { endsSession, fetchMemberInfo, logOut } from './account-api.ts'
import { clearAccountCookies } from './account-cookies.ts'

export interface AccountState {
  isLoggedIn: boolean
  userInfo: UserInfoCookie | null
}

interface AccountApi extends AccountState {
  /** Expert answers not opened yet, from the last member-info answer (the header's notice; issue 15). */
  expertAnswersUnseen: number
  /** Unread notifications, from the last member-info answer (the header's bell; issue 26). */
  notificationsUnread: number
  /** The notification centre changed the count (read one, read all) without another member-info request. */
  setNotificationsUnread(unread: number): void
  /** After a successful login: marks the page logged in and tells the live chat who the customer is. */
  completeLogin(answer: LoginAnswer): void
  /** The header's logout: asks first. */
  requestLogout(): void
  /** Member info again now, e.g. after the reader changed their name or plan on this page. */
  refreshMemberInfo(): void
  /**
   * After the page itself ended the session (log out of all devices, account deleted): clears what the browser
   * holds and marks the page logged out, without asking and without a toast (the page says what happened).
   */
  completeLogout(): Promise<void>
}

const AccountContext = createContext<AccountApi | undefined>(undefined)

/** Pages whose state belongs to the member and cannot simply be redrawn: reload them after a forced logout. */
const reloadOnForcedLogout = ['/ai-qna']

/**
 * The state this page last knew, for when the shell is drawn again during the visit (an error screen and back):
 * the document's first answer is stale by then. Browser only — on the server it would leak between readers.
 */
let lastKnownState: AccountState | undefined

export function AccountProvider({ initial, children }: { initial: AccountState; children: ReactNode }) {
  const { t } = useTranslation('account')
  const [state, setStoredState] = useState<AccountState>(() =>
    typeof window === 'undefined' ? initial : (lastKnownState ?? initial),
  )
  const setState = useCallback((next: AccountState) => {
    lastKnownState = next
    setStoredState(next)
  }, [])
  const [isConfirming, setIsConfirming] = useState(false)
  const location = useLocation()
  const revalidator = useRevalidator()
  const contact = useContact()
  const isLoggingOut = useRef(false)
  const stateRef = useRef(state)
  stateRef.current = state

  const finishLogout = useCallback(
    async (reason: 'asked' | 'forced' | 'ended') => {
      if (isLoggingOut.current) return
      isLoggingOut.current = true
      try {
        if (reason !== 'ended') await logOut().catch(() => undefined)
        clearAccountCookies()
        contact.liveChat?.resetCustomer()
        setState({ isLoggedIn: false, userInfo: null })
        if (reason === 'forced' && reloadOnForcedLogout.includes(window.location.pathname)) {
          window.location.reload()
          return
        }
        if (reason === 'asked') toast.success(t('logout.done'))
        void revalidator.revalidate()
      } finally {
        isLoggingOut.current = false
      }
    },
    [contact, revalidator, setState, t],
  )

  // A 401 from any API call logs out without asking (spec §8).
  useEffect(
    () =>
      onUnauthenticated(() => {
        if (stateRef.current.isLoggedIn) void finishLogout('forced')
      }),
    [finishLogout],
  )

  // Member info after each navigation while logged in (and when a page asks again); a failed lookup logs out
  // (spec §4) when the server refused the session (isSessionRefusal). Being offline, a busy server (429, 503), a
  // server error or a request aborted by leaving the page says nothing about the session.
  const [infoRequests, setInfoRequests] = useState(0)
  const [expertAnswersUnseen, setExpertAnswersUnseen] = useState(0)
  const [notificationsUnread, setNotificationsUnread] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation or request
  useEffect(() => {
    if (!state.isLoggedIn) return
    let isCurrent = true
    fetchMemberInfo().then(
      (info) => {
        if (!isCurrent) return
        setState({ isLoggedIn: true, userInfo: userInfoCookieOf(info) })
        setExpertAnswersUnseen(info.expertAnswersUnseen ?? 0)
        setNotificationsUnread(info.notificationsUnread ?? 0)
        contact.liveChat?.setCustomer({ id: info.memberId, name: info.displayName ?? info.maskedPhone })
      },
      (error: unknown) => {
        if (!isCurrent || isLoggingOut.current) return
        // Logging out on a request cut short by leaving the page deleted good sessions (endsSession).
        if (!endsSession(error)) return
        void finishLogout('forced')
      },
    )
    return () => {
      isCurrent = false
    }
  }, [location.key, state.isLoggedIn, infoRequests])

  const completeLogin = useCallback(
    (answer: LoginAnswer) => {
      setState({ isLoggedIn: true, userInfo: userInfoCookieOf(answer.userInfo) })
      contact.liveChat?.setCustomer({
        id: answer.userInfo.memberId,
        name: answer.userInfo.displayName ?? answer.userInfo.maskedPhone,
      })
    },
    [contact, setState],
  )

  const requestLogout = useCallback(() => setIsConfirming(true), [])
  const refreshMemberInfo = useCallback(() => setInfoRequests((count) => count + 1), [])
  const completeLogout = useCallback(() => finishLogout('ended'), [finishLogout])

  const value = useMemo(
    () => ({
      ...state,
      // Only while logged in: a logout clears the notice with the rest.
      expertAnswersUnseen: state.isLoggedIn ? expertAnswersUnseen : 0,
      notificationsUnread: state.isLoggedIn ? notificationsUnread : 0,
      setNotificationsUnread,
      completeLogin,
      requestLogout,
      refreshMemberInfo,
      completeLogout,
    }),
    [
      state,
      expertAnswersUnseen,
      notificationsUnread,
      completeLogin,
      requestLogout,
      refreshMemberInfo,
      completeLogout,
    ],
  )

  return (
    <AccountContext.Provider value={value}>
      {children}
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('logout.confirmTitle')}
        description={t('logout.confirmDescription')}
        confirmLabel={t('logout.confirm')}
        onConfirm={() => void finishLogout('asked')}
      />
    </AccountContext.Provider>
  )
}

/** Whether the reader is logged in; logged out outside the provider (a part drawn alone: tests, the gallery). */
export function useIsLoggedIn(): boolean {
  return useContext(AccountContext)?.isLoggedIn ?? false
}

export function useAccount(): AccountApi {
  const account = useContext(AccountContext)
  if (!account) throw new Error('useAccount must be used inside AccountProvider')
  return account
}
