/** The side column of company pages: other company pages and a way to reach us. */

import { NavLink } from 'react-router'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { useContact } from '#app/features/contact/contact-provider.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'

const companyLinks = [
  { to: '/about-us', key: 'aboutUs' },
  { to: '/service', key: 'service' },
  { to: '/company-history', key: 'history' },
  { to: '/contact-us', key: 'contactUs' },
  { to: '/description', key: 'description' },
] as const

export function CompanyAside() {
  const { t } = useTranslation('company')
  const { openContact } = useContact()
  return (
    <>
      <Card>
        <h2 className="mb-3 text-sm font-semibold text-ink-950">{t('aside.company')}</h2>
        <ul className="flex flex-col gap-1">
          {companyLinks.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  `block rounded-md px-2 py-1.5 text-sm ${isActive ? 'bg-brand-100 text-brand-700' : 'text-ink-800 hover:bg-ink-50'}`
                }
              >
                {t(`pages.${link.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </Card>
      <Card>
        <h2 className="text-sm font-semibold text-ink-950">{t('aside.questions')}</h2>
        <p className="mt-1 mb-3 text-sm text-ink-700">{t('aside.questionsBody')}</p>
        <Button variant="secondary" onClick={openContact}>
          {t('aside.contact')}
        </Button>
      </Card>
    </>
  )
}
