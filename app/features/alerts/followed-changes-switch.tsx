/** The watchlist page's switch for big changes of everything the reader follows (big-changes-switch.tsx). */
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { setFollowedChanges } from './alerts-api.ts'
import { BigChangesSwitch } from './big-changes-switch.tsx'

export function FollowedChangesSwitch({ initial }: { initial: boolean }) {
  const { t } = useTranslation('watchlist')
  return (
    <BigChangesSwitch
      initial={initial}
      words={{
        label: t('bigChanges.label'),
        hint: t('bigChanges.hint'),
        on: t('bigChanges.on'),
        off: t('bigChanges.off'),
      }}
      save={async (enabled) => (await setFollowedChanges(enabled)).followedChanges}
    />
  )
}
