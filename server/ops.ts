/**
 * Operator commands, run against the configured database:
 *   npm run ops -- <command> [arguments]
 * Each command is a small function over the services; `help` lists them.
 * On PGlite (no DATABASE_URL) a command needs the data folder to itself: while the server runs, it stops with a line
 * naming the server's process (server/db/data-dir-lock.ts) rather than change a copy the server never reads. The
 * backup and restore commands are the exception: they do not open the database themselves (a backup asks the
 * running server for its snapshot, server/backup/).
 */
import { basename } from 'node:path'
import { SubscriptionPeriod, Tier } from '#contracts/accounts.ts'
import { type Currency, currencies, majorUnitsOf } from '#contracts/billing-rules.ts'
import { ConsoleErrorCode, ConsoleRole } from '#contracts/console.ts'
import { minorUnitsOfAmount } from '#contracts/console-site-rules.ts'
import { toE164Mobile } from '#contracts/mobile-number.ts'
import { Market, markets } from '#contracts/regions.ts'
import { isServiceError } from '#contracts/service-error.ts'
import { importCsvIntoDatabase } from '#server/modules/stocks/csv-import.ts'
import { selectRecentRuns } from '#server/modules/stocks/refresh-runs.repo.ts'
import { readImportArguments } from '#server/providers/market-data/csv/import-arguments.ts'
import { createImportProgress } from '#server/providers/market-data/csv/import-progress.ts'
import { formatImportSummary } from '#server/providers/market-data/csv/import-summary.ts'
import { BackupRefusal, backupSite, restoreSite } from './backup/site-backup.ts'
import { bootRuntime, type Runtime } from './boot.ts'
import { ConfigError } from './config/config-error.ts'
import { type Config, loadConfig } from './config.ts'

interface OpsCommand {
  usage: string
  description: string
  run(runtime: Runtime, args: string[]): Promise<string>
}

const commands: Record<string, OpsCommand> = {
  'subscription:grant': {
    usage: 'subscription:grant <+mobile> <base|plus|premium> <month|quarter|year>',
    description:
      'Start a subscription now for the number (registering it if new), replacing the one in force.',
    async run({ services }, [phone, tier, period]) {
      const e164 = mobileArgument(phone)
      const parsedTier = Tier.safeParse(tier)
      const parsedPeriod = SubscriptionPeriod.safeParse(period)
      if (!parsedTier.success || !parsedPeriod.success) throw new UsageError()
      const member = await services.accounts.findOrRegisterMember(e164)
      const inForce = await services.subscriptions.findSubscriptionInForce(member.id)
      if (inForce?.source === 'billing') {
        // Replacing it here would leave the provider renewing (and charging) a plan the member no longer has.
        return `${e164}: has a paid ${inForce.tier} plan until ${inForce.endsAt.toISOString()}; end it first with subscription:end (which stops its renewal at the payment provider)`
      }
      const subscription = await services.subscriptions.grantSubscription({
        memberId: member.id,
        tier: parsedTier.data,
        period: parsedPeriod.data,
        source: 'operator',
      })
      return `${e164}: ${subscription.tier} (${subscription.period}) from ${subscription.startsAt} to ${subscription.endsAt}`
    },
  },
  'subscription:end': {
    usage: 'subscription:end <+mobile>',
    description:
      'End the subscription in force for the number now (a paid one is cancelled at the payment provider too, without a refund).',
    async run({ services }, [phone]) {
      const e164 = mobileArgument(phone)
      const member = await services.accounts.findMember(e164)
      // A paid plan ends at the payment provider too, so it is not renewed (and charged) again; no refund.
      if (member) await services.billing.closeBillingOfMember(member.id)
      const ended = member ? await services.subscriptions.endSubscription(member.id) : false
      return ended ? `${e164}: subscription ended` : `${e164}: no subscription in force`
    },
  },
  'prices:set': {
    usage:
      'prices:set <base|plus|premium> <month|quarter|year> <USD|HKD|TWD|JPY|KRW> <amount> [--stripe-price <price_…>]',
    description:
      'Set what one period of a plan costs in a currency, in major units (19.99 USD; 2980 JPY — yen and won have no decimals). With PAYMENTS_PROVIDER=stripe, --stripe-price names the Stripe Price (same amount, currency and interval) that checkout charges.',
    async run({ services }, args) {
      const stripeAt = args.indexOf('--stripe-price')
      const stripePriceId = stripeAt >= 0 ? args[stripeAt + 1] : undefined
      if (stripeAt >= 0 && !stripePriceId?.startsWith('price_')) throw new UsageError()
      const [tier, period, currency, amount] = stripeAt >= 0 ? args.slice(0, stripeAt) : args
      const parsedTier = Tier.safeParse(tier)
      const parsedPeriod = SubscriptionPeriod.safeParse(period)
      const code = currency?.toUpperCase() as Currency
      if (!parsedTier.success || !parsedPeriod.success || !currencies.includes(code)) throw new UsageError()
      const amountMinor = minorUnitsArgument(amount, code)
      const price = await services.billing.setPrice({
        tier: parsedTier.data,
        period: parsedPeriod.data,
        currency: code,
        amountMinor,
        ...(stripePriceId ? { stripePriceId } : {}),
      })
      return `${price.tier} ${price.period} ${price.currency}: ${majorUnitsOf(price.amountMinor, price.currency)} (${price.amountMinor} minor units)${price.stripePriceId ? `, Stripe ${price.stripePriceId}` : ''}`
    },
  },
  'prices:list': {
    usage: 'prices:list',
    description:
      'The price catalogue: every plan, period and currency, and which are still the seeded defaults.',
    async run({ services }) {
      const rows = await services.billing.listAllPrices()
      if (rows.length === 0) return 'no prices: set them with prices:set'
      return rows
        .map(
          (r) =>
            `${r.currency} ${r.tier.padEnd(7)} ${r.period.padEnd(7)} ${String(majorUnitsOf(r.amountMinor, r.currency)).padStart(10)}${r.stripePriceId ? `  ${r.stripePriceId}` : ''}${r.isDefault ? '  (default: set it)' : ''}`,
        )
        .join('\n')
    },
  },
  'billing:renew': {
    usage: 'billing:renew',
    description:
      'Renew the demo provider’s subscriptions that are due and end cancelled ones whose period is over (the billing-renewals job does this every 5 minutes).',
    async run({ services }) {
      const { renewed, ended } = await services.billing.renewDueSubscriptions()
      return `${renewed} renewed, ${ended} ended`
    },
  },
  'accounts:purge': {
    usage: 'accounts:purge',
    description:
      'Delete login codes older than two days, ended sessions, expired site hand-overs and quota counts of past months.',
    async run({ services }) {
      const { codes, sessions } = await services.accounts.purgeExpired()
      const handovers = await services.siteHandover.purgeExpired()
      await services.quotas.purgePastMonths()
      return `deleted ${codes} login codes, ${sessions} sessions and ${handovers} hand-overs; past months' quota counts removed`
    },
  },
  'console:grant': {
    usage: 'console:grant <+mobile>[,<+mobile>…] <editor|analyst|support|admin>',
    description:
      'Give the number (or each of several, comma-separated) a console role (registering it if new; several roles may be held). The first admin is made this way; admins grant in the console afterwards. Audited with no actor.',
    async run({ services }, [phones, role]) {
      const parsed = ConsoleRole.safeParse(role)
      const numbers = (phones ?? '').split(',').filter(Boolean)
      if (numbers.length === 0 || !parsed.success) throw new UsageError()
      const lines: string[] = []
      for (const phone of numbers) {
        const member = await explainConsoleRefusal(() =>
          services.console.access.grantRole({ phone, role: parsed.data }, null),
        )
        lines.push(`${member.phone}: ${member.roles.map((held) => held.role).join(', ')}`)
      }
      return lines.join('\n')
    },
  },
  'console:revoke': {
    usage: 'console:revoke <+mobile> <editor|analyst|support|admin>',
    description: 'Take a console role back (the last admin cannot be revoked). Audited with no actor.',
    async run({ services }, [phone, role]) {
      const parsed = ConsoleRole.safeParse(role)
      if (!phone || !parsed.success) throw new UsageError()
      const member = await explainConsoleRefusal(() =>
        services.console.access.revokeRoleByPhone(phone, parsed.data),
      )
      const roles = member.roles.map((held) => held.role)
      return `${member.phone}: ${roles.length > 0 ? roles.join(', ') : 'no console role'}`
    },
  },
  'console:list': {
    usage: 'console:list',
    description: 'Every member holding a console role, with the roles.',
    async run({ services }) {
      const holders = await services.console.access.listRoleHolders()
      if (holders.length === 0) return 'nobody holds a console role yet (console:grant <+mobile> admin)'
      return holders
        .map((member) => `${member.phone}: ${member.roles.map((held) => held.role).join(', ')}`)
        .join('\n')
    },
  },
  'redirect:set': {
    usage: 'redirect:set <from-path> <to-path-or-url> [301|302]',
    description: 'Redirect a path on every regional site (replaces an existing rule for the same path).',
    async run({ services }, [from, to, status = '301']) {
      if (!from || !to || (status !== '301' && status !== '302')) throw new UsageError()
      await services.redirects.saveRedirect(from, to, status === '302' ? 302 : 301)
      return `${from} → ${to} (${status})`
    },
  },
  'stocks:refresh': {
    usage: 'stocks:refresh [us|hk|jp|kr|all] [--force]',
    description:
      'Refresh market data now (fetch what is missing with a week of overlap, store, recompute snapshots and monthly picks); --force also re-fetches companies already refreshed for the session. Skips a market whose refresh is running in another process.',
    async run({ services, database }, args) {
      const force = args.includes('--force')
      const which = args.find((a) => !a.startsWith('--')) ?? 'all'
      const parsed = Market.safeParse(which)
      if (which !== 'all' && !parsed.success) throw new UsageError()
      const lines: string[] = []
      for (const market of which === 'all' ? markets : [parsed.data as Market]) {
        const report = await database.tryWithAdvisoryLock(`tickerwise:job:market-data:${market}`, () =>
          services.stockRefresh.refreshMarket(market, { trigger: 'operator', force }),
        )
        if (report === 'skipped') {
          lines.push(`${market}: a refresh is running in another process; nothing done`)
          continue
        }
        lines.push(
          `${market}: ${report.provider} to ${report.targetSession} — ${report.fetched} fetched, ${report.skipped} current, ${report.barsStored} bars, ${report.snapshots} snapshots, ${report.failures.length} failures in ${report.durationMs} ms`,
          ...report.failures.slice(0, 10).map((f) => `    ${f.code}: ${f.error}`),
        )
        if (report.picksGenerated.length > 0)
          lines.push(`    monthly picks generated: ${report.picksGenerated.join(', ')}`)
      }
      return lines.join('\n')
    },
  },
  'stocks:import-csv': {
    usage: 'stocks:import-csv <prices|fundamentals|earnings|dividends> <file.csv> [--stock <market:code>]',
    description:
      'Import a CSV file (docs/market-data.md#csv-import) into the stored market data as the csv source, then recompute the snapshots of the companies it touched. A file about one stock without code and market columns (the Date,Open,High,Low,Close,Adj Close,Volume download of Yahoo Finance and brokers) names it with --stock, e.g. --stock us:AAPL. Shows a progress bar on a terminal and a summary at the end.',
    async run({ services, database, config }, args) {
      const parsed = readImportArguments(args)
      if ('problem' in parsed) {
        if (parsed.problem) process.stderr.write(`${parsed.problem}\n`)
        throw new UsageError()
      }
      const { kind, path, stock } = parsed
      const progress = createImportProgress(process.stderr, basename(path))
      const { report, companyIds } = await importCsvIntoDatabase(database.db, {
        kind,
        path,
        stock,
        now: () => new Date(),
        ...(progress ? { onProgress: progress.update } : {}),
      }).finally(() => progress?.finish())
      const lines = formatImportSummary(report, { stored: true })
      if (report.headerRejected) {
        // Nothing was stored (a wrong layout, or a one-stock file without --stock): say why, and exit 1.
        console.log(lines.join('\n'))
        throw new UsageError()
      }
      const { snapshots, failures } = await services.stockRefresh.recomputeSnapshots(companyIds)
      await services.stockRefresh.updateMonthlyPicks()
      lines.push(`${companyIds.length} companies now served from CSV; ${snapshots} snapshots recomputed`)
      for (const f of failures.slice(0, 10)) lines.push(`    ${f.code}: ${f.error}`)
      if (config.marketData.provider !== 'csv') {
        lines.push(
          `note: MARKET_DATA_PROVIDER is ${config.marketData.provider}; its refreshes leave these companies alone, and MARKET_DATA_PROVIDER=csv serves imported data only`,
        )
      }
      return lines.join('\n')
    },
  },
  'stocks:status': {
    usage: 'stocks:status',
    description: 'The last market-data refresh runs: market, provider, target session, outcome.',
    async run({ database }) {
      const runs = await selectRecentRuns(database.db, 12)
      if (runs.length === 0) return 'no refresh has run yet'
      return runs
        .map(
          (r) =>
            `${r.startedAt.toISOString()} ${r.market} ${r.provider} (${r.trigger}) to ${r.targetSession ?? '—'}: ${r.status}, ${r.companies} companies, ${r.barsStored} bars, ${r.snapshots} snapshots, ${r.failures.length} failures`,
        )
        .join('\n')
    },
  },
}

/** Commands over the data folder itself, run without opening the database (ADR 0029). */
interface FolderCommand {
  usage: string
  description: string
  run(config: Config, args: string[]): Promise<string>
}

const folderCommands: Record<string, FolderCommand> = {
  backup: {
    usage: 'backup <file.tar.gz>',
    description:
      'Write a backup of this PGlite site — the database and the uploads in DATA_DIR/files — to a new file: a consistent snapshot asked of the running server (the site pauses for the length of a copy of the database folder), or of the data folder when no server runs. On PostgreSQL, says which tools to use instead (README, "Backups").',
    run: (config, [file]) => backupSite(config, file),
  },
  restore: {
    usage: 'restore <file.tar.gz>',
    description:
      'Restore a backup into DATA_DIR, which must be empty (or absent): the database and the uploads as they were when it was taken. Then start the server.',
    run: (config, [file]) => restoreSite(config, file),
  },
}

class UsageError extends Error {}

const consoleRefusals: Record<string, string> = {
  [ConsoleErrorCode.phoneInvalid]: 'not a mobile number in international form (+852 9123 4567)',
  [ConsoleErrorCode.phoneNotMobile]: 'not a mobile number in use (check the digits)',
  [ConsoleErrorCode.lastAdmin]: 'the last admin cannot be revoked: grant admin to someone else first',
  [ConsoleErrorCode.memberNotFound]: 'no member with this number holds a console role',
}

/** A refusal of the console's rules, said in a line (then the usage), instead of a stack trace. */
async function explainConsoleRefusal<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    const explanation = isServiceError(error) ? consoleRefusals[error.code] : undefined
    if (!explanation) throw error
    process.stderr.write(`${explanation}\n`)
    throw new UsageError()
  }
}

/** An operator types a number in international form (+852 9123 4567); it must be a valid mobile number. */
function mobileArgument(value: string | undefined): string {
  const e164 = value?.trim().startsWith('+') ? toE164Mobile('HK', value) : undefined
  if (!e164) throw new UsageError()
  return e164
}

/** An amount in major units with at most the digits the currency is written with (19.99 USD, 640 TWD), as minor units. */
function minorUnitsArgument(value: string | undefined, currency: Currency): number {
  const minor = value === undefined ? null : minorUnitsOfAmount(value, currency)
  if (minor === null) throw new UsageError()
  return minor
}

function help(): string {
  const lines = [...Object.values(commands), ...Object.values(folderCommands)].map(
    (c) => `  ${c.usage}\n      ${c.description}`,
  )
  return ['Usage: npm run ops -- <command> [arguments]', '', 'Commands:', ...lines].join('\n')
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv
  const folderCommand = name ? folderCommands[name] : undefined
  if (folderCommand) {
    try {
      console.log(await folderCommand.run(loadConfig(), args))
      return 0
    } catch (error) {
      if (!(error instanceof BackupRefusal)) throw error
      console.error(error.message)
      return 1
    }
  }
  const command = name ? commands[name] : undefined
  if (!command) {
    console.log(help())
    return name && name !== 'help' ? 1 : 0
  }
  const runtime = await bootRuntime()
  try {
    console.log(await command.run(runtime, args))
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`Usage: npm run ops -- ${command.usage}`)
      return 1
    }
    throw error
  } finally {
    await runtime.close()
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error)
    process.exit(1)
  },
)
