import { BookOpen } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { Button, buttonClassName } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { loginHref } from '#app/features/account/account-menu.tsx'
import { useContact } from '#app/features/contact/contact-provider.tsx'
import { loadCurrentPlan } from '#app/features/plans/plans.server.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { requestContext } from '#app/request-context.ts'
import { titledPageMeta } from '#app/routing/page-meta.ts'
import type { Route } from './+types/member-investment.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
  const requestFacts = context.get(requestContext)
  const { t } = getServerTranslator(requestFacts.locale)
  return {
    current: await loadCurrentPlan(request, requestFacts),
    title: t('plans:classroom.metaTitle'),
    description: t('plans:classroom.description'),
  }
}

export const meta: Route.MetaFunction = titledPageMeta

const lessons = ['accounts', 'valuation', 'portfolio', 'risk'] as const

export default function InvestmentClassroom({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('plans')
  const { openContact } = useContact()
  const location = useLocation()
  const { current } = loaderData
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-10">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold text-ink-950">{t('classroom.title')}</h1>
        <p className="max-w-3xl text-ink-800">{t('classroom.intro')}</p>
      </header>
      <section aria-labelledby="classroom-lessons">
        <h2 id="classroom-lessons" className="mb-4 text-xl font-semibold text-ink-950">
          {t('classroom.lessonsTitle')}
        </h2>
        <ul className="grid gap-4 md:grid-cols-2">
          {lessons.map((lesson) => (
            <li key={lesson}>
              <Card className="flex h-full gap-3">
                <BookOpen className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                <p className="text-sm text-ink-900">{t(`classroom.lessons.${lesson}`)}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <Card className="flex flex-col gap-3" data-testid="classroom-access">
        {current.role === 'subscriber' ? (
          <>
            <h2 className="text-lg font-semibold text-ink-950">{t('classroom.subscriberTitle')}</h2>
            <p className="text-sm text-ink-800">{t('classroom.subscriber')}</p>
            <div>
              <Button onClick={openContact}>{t('classroom.contact')}</Button>
            </div>
          </>
        ) : (
          <>
            <h2 className="text-lg font-semibold text-ink-950">{t('classroom.memberTitle')}</h2>
            <p className="text-sm text-ink-800">
              {t(current.role === 'member' ? 'classroom.member' : 'classroom.visitor')}
            </p>
            <div className="flex flex-wrap gap-3">
              <Link to="/subscribe" className={buttonClassName('primary')}>
                {t('classroom.plans')}
              </Link>
              {current.role === 'visitor' ? (
                <Link
                  to={loginHref(location.pathname, location.search)}
                  className={buttonClassName('secondary')}
                >
                  {t('classroom.logIn')}
                </Link>
              ) : null}
            </div>
          </>
        )}
      </Card>
      <p className="text-sm text-ink-800">
        {t('classroom.readMeanwhile')}{' '}
        <Link to="/analysis" className="font-medium text-brand-700 underline">
          {t('classroom.analysis')}
        </Link>
      </p>
    </div>
  )
}
