/**
 * A process that starts itself again once (server/node-flags.test.ts): the first time it finds no file at the path
 * it is given, it writes one and calls startAgain; the second time it prints its process id, arguments and one
 * variable of its environment as a JSON line and ends.
 */
import { existsSync, writeFileSync } from 'node:fs'
import { startAgain } from '#server/node-flags.ts'

const marker = process.argv[2]
if (!marker) throw new Error('usage: start-again-fixture.ts <marker file>')
if (!existsSync(marker)) {
  writeFileSync(marker, String(process.pid))
  startAgain()
}
console.log(
  JSON.stringify({
    pid: process.pid,
    args: process.argv.slice(2),
    variable: process.env.START_AGAIN_VARIABLE,
  }),
)
