/**
 * The member page's line about their one-to-one adviser (issue 15): who it is (or none), with the link that opens
 * the member's assignment in the advisers section.
 */

import { Link } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import type { ConsoleAdviserAssignment } from '#contracts/advisers-rules.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleError } from './console-ui.tsx'
import { useConsoleData } from './use-console-data.ts'

export function MemberAdviser({ memberId }: { memberId: string }) {
  const { t } = useTranslation('advisers')
  const { displayLocale } = useRootData()
  const loaded = useConsoleData(
    () => consoleApi.get<ConsoleAdviserAssignment>(`/adviser-assignments/${memberId}`),
    memberId,
  )
  const adviser = loaded.data?.adviser
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="member-adviser">
      <span className="text-ink-500">{t('console.memberAdviser')}</span>
      <span className="text-ink-900">
        {loaded.data
          ? adviser
            ? displayLocale === 'zh-TW'
              ? adviser.name['zh-Hant']
              : adviser.name.en
            : t('console.noAdviser')
          : '…'}
      </span>
      <Link
        to={`/console/advisers?member=${memberId}`}
        className="font-medium text-brand-700 underline underline-offset-2"
      >
        {t(adviser ? 'console.changeAdviser' : 'console.assignAdviser')}
      </Link>
      <ConsoleError error={loaded.error} />
    </div>
  )
}
