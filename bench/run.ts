/**
 * Runs benchmark scripts one after another, each in its own process: `npm run bench` runs all of them,
 * `npm run bench -- site articles` runs the named ones (bench/<name>.bench.ts).
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'

const available = readdirSync('bench')
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .sort()
const wanted = process.argv.slice(2)
const unknown = wanted.filter((name) => !available.includes(name))
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`)
  process.exit(1)
}
let failed = false
for (const name of wanted.length > 0 ? wanted : available) {
  console.log(`\n### ${name}`)
  const result = spawnSync(process.execPath, [`bench/${name}.bench.ts`], { stdio: 'inherit' })
  if (result.status !== 0) failed = true
}
process.exit(failed ? 1 : 0)
