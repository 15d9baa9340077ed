/**
 * The one switch for big changes (issue 26): "alert me on big changes for everything I follow" on the watchlist page,
 * "… for everything I hold" on the portfolio page. Its words are the page's own (`watchlist:bigChanges`,
 * `portfolio:bigChanges`), the page it stands on.
 */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Checkbox } from '#app/components/checkbox.tsx'
import { toast } from '#app/components/toaster.tsx'
import { setFollowedChanges, setHeldChanges } from './alerts-api.ts'
import { useAlertFailure } from './use-alert-failure.ts'

function BigChangesSwitch({
  initial,
  namespace,
  save,
}: {
  initial: boolean
  namespace: 'watchlist' | 'portfolio'
  save: (enabled: boolean) => Promise<boolean>
}) {
  const { t } = useTranslation(namespace)
  const failure = useAlertFailure()
  const [isOn, setIsOn] = useState(initial)
  const [isBusy, setIsBusy] = useState(false)
  // Drawn by the server before its code arrives: `data-loaded` tells when the switch answers.
  const [isLoaded, setIsLoaded] = useState(false)
  useEffect(() => setIsLoaded(true), [])
  async function onChange(enabled: boolean) {
    setIsBusy(true)
    // Shown at once; put back if the server refuses.
    setIsOn(enabled)
    try {
      const saved = await save(enabled)
      setIsOn(saved)
      toast.success(t(saved ? 'bigChanges.on' : 'bigChanges.off'))
    } catch (error) {
      setIsOn(!enabled)
      toast.error(failure(error))
    } finally {
      setIsBusy(false)
    }
  }
  return (
    <div
      className="flex flex-col gap-1 rounded-lg border border-ink-100 bg-white p-4"
      data-testid="big-changes"
      data-loaded={isLoaded ? 'true' : undefined}
    >
      <Checkbox
        label={t('bigChanges.label')}
        checked={isOn}
        disabled={isBusy}
        onChange={(event) => void onChange(event.currentTarget.checked)}
      />
      <p className="ps-8 text-sm text-ink-700">{t('bigChanges.hint')}</p>
    </div>
  )
}

export function FollowedChangesSwitch({ initial }: { initial: boolean }) {
  return (
    <BigChangesSwitch
      initial={initial}
      namespace="watchlist"
      save={async (enabled) => (await setFollowedChanges(enabled)).followedChanges}
    />
  )
}

export function HeldChangesSwitch({ initial }: { initial: boolean }) {
  return (
    <BigChangesSwitch
      initial={initial}
      namespace="portfolio"
      save={async (enabled) => (await setHeldChanges(enabled)).heldChanges}
    />
  )
}
