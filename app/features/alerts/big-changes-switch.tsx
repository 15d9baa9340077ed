/**
 * The one switch for big changes (issue 26): "alert me on big changes for everything I follow" on the watchlist page
 * (followed-changes-switch.tsx), "… for everything I hold" on the portfolio page (held-changes-switch.tsx). Its words
 * are the page's own (each page's namespace, `bigChanges`), given by the page's switch, so each page fetches only
 * its own words.
 */
import { useEffect, useState } from 'react'
import { Checkbox } from '#app/components/checkbox.tsx'
import { toast } from '#app/components/toaster.tsx'
import { useAlertFailure } from './use-alert-failure.ts'

export interface BigChangesWords {
  label: string
  hint: string
  /** The toast once the switch is saved on, and off. */
  on: string
  off: string
}

export function BigChangesSwitch({
  initial,
  words,
  save,
}: {
  initial: boolean
  words: BigChangesWords
  save: (enabled: boolean) => Promise<boolean>
}) {
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
      toast.success(saved ? words.on : words.off)
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
        label={words.label}
        checked={isOn}
        disabled={isBusy}
        onChange={(event) => void onChange(event.currentTarget.checked)}
      />
      <p className="ps-8 text-sm text-ink-700">{words.hint}</p>
    </div>
  )
}
