/**
 * How readers reach the firm (spec §5): the channels the contact dialog and the contact page show. Admins save them
 * in the console; until they do, the configuration's `CONTACT_*` values are shown. Each process holds them for a
 * minute, or until a change is announced.
 */
import {
  type ConsoleContactChannels,
  type ContactChannelValues,
  contactChannelNames,
} from '#contracts/console-site-rules.ts'
import type { Db } from '#server/db/database.ts'
import {
  type ContactChannelsRow,
  selectContactChannels,
  upsertContactChannels,
} from './contact-channels.repo.ts'

const cacheMillis = 60_000

function channelsOf(row: ContactChannelsRow): ContactChannelValues {
  return Object.fromEntries(contactChannelNames.map((name) => [name, row[name]])) as ContactChannelValues
}

export function createContactChannelsService({
  db,
  defaults,
  now = () => Date.now(),
  onSiteChanged,
}: {
  db: Db
  /** The configuration's channels (`config.contact`), shown while none are saved. */
  defaults: ContactChannelValues
  now?: () => number
  onSiteChanged?: (listener: () => void) => unknown
}) {
  let held: { channels: Promise<ContactChannelValues>; expiresAt: number } | undefined
  onSiteChanged?.(() => {
    held = undefined
  })

  async function readChannels(inDb: Db, forUpdate = false): Promise<ConsoleContactChannels> {
    const row = await selectContactChannels(inDb, { forUpdate })
    return row
      ? { channels: channelsOf(row), isDefault: false, updatedAt: row.updatedAt.toISOString() }
      : { channels: { ...defaults }, isDefault: true, updatedAt: null }
  }

  /** What readers see now. */
  function getContactChannels(): Promise<ContactChannelValues> {
    if (held && held.expiresAt > now()) return held.channels
    const channels = readChannels(db).then((found) => found.channels)
    const entry = { channels, expiresAt: now() + cacheMillis }
    held = entry
    channels.catch(() => {
      if (held === entry) held = undefined
    })
    return channels
  }

  /** The console's view: the channels and whether they are still the configuration's. */
  function describeContactChannels(): Promise<ConsoleContactChannels> {
    return readChannels(db)
  }

  /** Saves every channel, in the caller's transaction; readers see them once the caller announces the change. */
  async function saveContactChannels(
    channels: ContactChannelValues,
    inDb: Db = db,
  ): Promise<{ before: ConsoleContactChannels; after: ConsoleContactChannels }> {
    const before = await readChannels(inDb, true)
    const values = Object.fromEntries(
      contactChannelNames.map((name) => [name, channels[name].trim()]),
    ) as ContactChannelValues
    const row = await upsertContactChannels(inDb, { ...values, updatedAt: new Date(now()) })
    return {
      before,
      after: { channels: channelsOf(row), isDefault: false, updatedAt: row.updatedAt.toISOString() },
    }
  }

  function dropHeldChannels(): void {
    held = undefined
  }

  return { getContactChannels, describeContactChannels, saveContactChannels, dropHeldChannels }
}

export type ContactChannelsService = ReturnType<typeof createContactChannelsService>
