/**
 * The design-system gallery (spec §2 /demo): every shared component in each of its states, in the reader's
 * language, so designers and engineers can check them on any regional site.
 */

import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { Badge, DemoBadge } from '#app/components/badge.tsx'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { ChangeIndicator } from '#app/components/change-indicator.tsx'
import { Checkbox } from '#app/components/checkbox.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { Dialog } from '#app/components/dialog.tsx'
import { DropdownMenu, DropdownMenuItem } from '#app/components/dropdown-menu.tsx'
import { EmptyState } from '#app/components/empty-state.tsx'
import { ErrorScreen } from '#app/components/error-screen.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { Skeleton } from '#app/components/skeleton.tsx'
import { Spinner } from '#app/components/spinner.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { toast } from '#app/components/toaster.tsx'
import { ContactChannelList } from '#app/features/contact/contact-channels.tsx'
import { NewsletterForm } from '#app/features/contact/newsletter-form.tsx'
import { LanguageSwitcher } from '#app/features/shell/language-switcher.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import type { Route } from './+types/demo.ts'

export const handle = { catalogs: ['demo', 'errors'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(requestContext)
  return { title: getServerTranslator(locale).t('demo:title') }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData?.title ?? '',
    path: location.pathname,
    root: rootDataOf(matches),
    noIndex: true,
  })

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-3" aria-label={title}>
      <h2 className="text-lg font-semibold text-ink-950">{title}</h2>
      <Card className="flex flex-wrap items-start gap-4">{children}</Card>
    </section>
  )
}

export default function Demo() {
  const { t } = useTranslation(['demo', 'common', 'errors'])
  const { publicConfig } = useRootData()
  const [isDialogOpen, setIsDialogOpen] = useState(false)
  const [isConfirmOpen, setIsConfirmOpen] = useState(false)
  const [confirmed, setConfirmed] = useState<string | null>(null)
  const [searchParams] = useSearchParams()
  const demoPage = Math.min(12, Math.max(1, Number(searchParams.get('page')) || 4))
  return (
    <div className="mx-auto flex max-w-screen-xl flex-col gap-10 px-4 py-10 lg:px-6">
      <header>
        <h1 className="text-3xl font-bold text-ink-950">{t('title')}</h1>
        <p className="mt-2 text-ink-700">{t('intro')}</p>
      </header>
      <Section title={t('sections.buttons')}>
        <Button>{t('samples.primary')}</Button>
        <Button variant="secondary">{t('samples.secondary')}</Button>
        <Button variant="ghost">{t('samples.ghost')}</Button>
        <Button variant="danger">{t('samples.danger')}</Button>
        <Button size="sm">{t('samples.small')}</Button>
        <Button size="lg">{t('samples.large')}</Button>
        <Button isLoading>{t('samples.loading')}</Button>
        <Button disabled>{t('samples.disabled')}</Button>
      </Section>
      <Section title={t('sections.fields')}>
        <TextField
          label={t('samples.fieldLabel')}
          placeholder={t('samples.fieldPlaceholder')}
          className="w-64"
        />
        <TextField label={t('samples.fieldLabel')} hint={t('samples.fieldHint')} className="w-64" />
        <TextField
          label={t('samples.emailLabel')}
          defaultValue="reader@"
          error={t('errors:EMAIL_INVALID')}
          className="w-64"
        />
        <TextField label={t('samples.disabledField')} disabled defaultValue="AAPL" className="w-64" />
        <Checkbox label={t('samples.checkbox')} />
        <Checkbox label={t('samples.checkbox')} error={t('samples.checkboxError')} />
      </Section>
      <Section title={t('sections.badges')}>
        <Badge>{t('samples.neutral')}</Badge>
        <Badge tone="brand">{t('samples.brand')}</Badge>
        <Badge tone="gain">+2.41%</Badge>
        <Badge tone="loss">−1.08%</Badge>
        <Badge tone="warn">{t('samples.warning')}</Badge>
        <DemoBadge />
      </Section>
      <Section title={t('sections.changes')}>
        <ChangeIndicator value={1}>+2.41%</ChangeIndicator>
        <ChangeIndicator value={-1}>-1.08%</ChangeIndicator>
        <ChangeIndicator value={0}>0.00%</ChangeIndicator>
      </Section>
      <Section title={t('sections.overlays')}>
        <Button variant="secondary" onClick={() => setIsDialogOpen(true)}>
          {t('samples.openDialog')}
        </Button>
        <Dialog
          isOpen={isDialogOpen}
          onOpenChange={setIsDialogOpen}
          title={t('samples.dialogTitle')}
          description={t('samples.dialogBody')}
          footer={<Button onClick={() => setIsDialogOpen(false)}>{t('common:actions.close')}</Button>}
        />
        <Button variant="secondary" onClick={() => setIsConfirmOpen(true)}>
          {t('samples.openConfirm')}
        </Button>
        <ConfirmDialog
          isOpen={isConfirmOpen}
          onOpenChange={setIsConfirmOpen}
          title={t('samples.confirmTitle')}
          description={t('samples.confirmBody')}
          onConfirm={() => setConfirmed(t('samples.confirmed'))}
        />
        {confirmed ? <span className="text-sm text-gain">{confirmed}</span> : null}
        <DropdownMenu trigger={<Button variant="secondary">{t('samples.openMenu')}</Button>} align="start">
          <DropdownMenuItem onSelect={() => toast.success(t('samples.menuFirst'))}>
            {t('samples.menuFirst')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => toast.success(t('samples.menuSecond'))}>
            {t('samples.menuSecond')}
          </DropdownMenuItem>
        </DropdownMenu>
      </Section>
      <Section title={t('sections.toasts')}>
        <Button variant="secondary" onClick={() => toast.success(t('common:toast.subscribed'))}>
          {t('samples.success')}
        </Button>
        <Button variant="secondary" onClick={() => toast.warning(t('samples.warningToast'))}>
          {t('samples.warning')}
        </Button>
        <Button variant="secondary" onClick={() => toast.error(t('common:toast.subscribeFailed'))}>
          {t('samples.error')}
        </Button>
      </Section>
      <Section title={t('sections.pagination')}>
        <Pagination page={demoPage} pageCount={12} hrefOf={(page) => `/demo?page=${page}`} />
      </Section>
      <Section title={t('sections.loading')}>
        <Spinner />
        <Spinner label={t('samples.loadingLabel')} />
        <div className="flex w-64 flex-col gap-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </Section>
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-ink-950">{t('sections.empty')}</h2>
        <EmptyState
          title={t('samples.emptyTitle')}
          description={t('samples.emptyBody')}
          action={<Button variant="secondary">{t('common:actions.retry')}</Button>}
        />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-ink-950">{t('sections.errors')}</h2>
        <div className="grid gap-4 lg:grid-cols-3">
          <Card>
            <ErrorScreen kind="not-found" status={404} headingLevel={2} />
          </Card>
          <Card>
            <ErrorScreen kind="content-missing" status={404} headingLevel={2} />
          </Card>
          <Card>
            <ErrorScreen kind="unknown" status={500} headingLevel={2} />
          </Card>
        </div>
      </section>
      <Section title={t('sections.forms')}>
        <div className="w-full max-w-lg">
          <NewsletterForm source="home" />
        </div>
      </Section>
      <Section title={t('sections.contact')}>
        <div className="w-full">
          <ContactChannelList channels={publicConfig.contact} />
        </div>
        <LanguageSwitcher />
      </Section>
    </div>
  )
}
