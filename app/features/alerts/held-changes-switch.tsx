/** The portfolio page's switch for big changes of everything the reader holds (big-changes-switch.tsx). */
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { setHeldChanges } from './alerts-api.ts'
import { BigChangesSwitch } from './big-changes-switch.tsx'

export function HeldChangesSwitch({ initial }: { initial: boolean }) {
  const { t } = useTranslation('portfolio')
  return (
    <BigChangesSwitch
      initial={initial}
      words={{
        label: t('bigChanges.label'),
        hint: t('bigChanges.hint'),
        on: t('bigChanges.on'),
        off: t('bigChanges.off'),
      }}
      save={async (enabled) => (await setHeldChanges(enabled)).heldChanges}
    />
  )
}
