/** Placeholder replaced by the section's implementation (issue 15). */
import type { ConsoleMe } from '#contracts/console-rules.ts'

export function StrategiesSection(_props: { me: ConsoleMe }) {
  return null
}
