/**
 * The page a mail's link opens — the newsletter confirmation, an unsubscribe or an account's email verification:
 * what the click will do and one button. The link itself changes nothing (mail scanners follow links); the button posts the token to the API,
 * whose answer — done, or the error in the reader's language — replaces it.
 */
import { useState } from 'react'
import { Link } from 'react-router'
import { ApiError, api } from '#app/api/api-client.ts'
import { Button, buttonClassName } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { type MailLink, mailOneClickUnsubscribeApiPath } from '#contracts/mail-links.ts'

async function followLink(kind: MailLink, token: string): Promise<void> {
  if (kind === 'confirm') await api.post('/newsletter/confirm', { token })
  else if (kind === 'verify') await api.post('/member/email/verify', { token })
  else await api.call('POST', mailOneClickUnsubscribeApiPath, { params: { token }, body: {} })
}

export function MailLinkScreen({ kind, token }: { kind: MailLink; token: string | null }) {
  const { t } = useTranslation(['mail-links', 'errors'])
  const [state, setState] = useState<'ready' | 'sending' | 'done' | { error: string }>('ready')

  async function onClick() {
    if (!token) return
    setState('sending')
    try {
      await followLink(kind, token)
      setState('done')
    } catch (error) {
      setState({ error: error instanceof ApiError ? error.code : 'INTERNAL_ERROR' })
    }
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <Card className="flex flex-col gap-4 p-8" data-testid="mail-link">
        <h1 className="text-2xl font-bold text-ink-950">{t(`${kind}.heading`)}</h1>
        {!token ? (
          <p role="alert">{t(`${kind}.missing`)}</p>
        ) : state === 'done' ? (
          <p role="status" className="text-gain">
            {t(`${kind}.done`)}
          </p>
        ) : (
          <>
            <p className="text-ink-700">{t(`${kind}.intro`)}</p>
            {typeof state === 'object' && (
              <p role="alert" className="text-loss">
                {t(`errors:${state.error}`)}
              </p>
            )}
            <div>
              <Button type="button" onClick={onClick} isLoading={state === 'sending'}>
                {t(`${kind}.action`)}
              </Button>
            </div>
          </>
        )}
        <Link to="/" className={buttonClassName('ghost', 'sm', 'self-start')}>
          {t('backHome')}
        </Link>
      </Card>
    </div>
  )
}
