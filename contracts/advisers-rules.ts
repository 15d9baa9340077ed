/**
 * The one-to-one adviser (issue 15, Premium) without zod, for the pages (ADR 0011): the contact channels an adviser
 * may list and how each is checked and linked, the error codes, the audit actions and the answer shapes of the
 * reader's call and the console's calls (listed in contracts/advisers.ts). Who has an adviser is decided by
 * contracts/benefits.ts (`adviser`), nowhere else.
 */
import type { LockReason } from './benefits.ts'
import type { Tier } from './billing-rules.ts'
import type { ConsoleRole } from './console-rules.ts'
import type { Locale } from './regions.ts'

export const adviserChannelKinds = [
  'phone',
  'email',
  'whatsapp',
  'line',
  'kakaotalk',
  'telegram',
  'wechat',
] as const
export type AdviserChannelKind = (typeof adviserChannelKinds)[number]

export interface AdviserChannel {
  kind: AdviserChannelKind
  value: string
}

/** Support keeps the advisers and the assignments (admin passes too). */
export const adviserCareRoles = ['support'] as const satisfies readonly ConsoleRole[]

export const adviserNameMaxLength = 80
export const adviserBioMaxLength = 1000
export const adviserChannelValueMaxLength = 120
export const adviserChannelsMax = 8

export const AdviserErrorCode = {
  /** 404 — 'This adviser was not found.' */
  notFound: 'CONSOLE_ADVISER_NOT_FOUND',
  /** 409 — 'This adviser is inactive. Reactivate them or choose another adviser.' (assigning to them) */
  inactive: 'CONSOLE_ADVISER_INACTIVE',
  /** 400 — 'Give the adviser at least one contact channel.' */
  channelsMissing: 'CONSOLE_ADVISER_CHANNELS_MISSING',
  /** 400 — 'Check this contact: a phone number, an email address or the app's user name as the kind expects.' */
  channelInvalid: 'CONSOLE_ADVISER_CHANNEL_INVALID',
  /** 400 — 'Write the name in both languages.' */
  nameMissing: 'CONSOLE_ADVISER_NAME_MISSING',
  /** 400 — 'Write the introduction in both languages.' */
  bioMissing: 'CONSOLE_ADVISER_BIO_MISSING',
  /** 404 — 'This member has no adviser assigned.' */
  assignmentNotFound: 'CONSOLE_ADVISER_ASSIGNMENT_NOT_FOUND',
} as const

/** The audit actions of advisers and assignments (entity `adviser` by adviser id, `adviser_assignment` by member). */
export const adviserAuditActions = {
  create: 'adviser.create',
  update: 'adviser.update',
  deactivate: 'adviser.deactivate',
  reactivate: 'adviser.reactivate',
  assign: 'adviser.assign',
  unassign: 'adviser.unassign',
} as const

const separators = /[\s\-().]/g

/**
 * A channel's value as stored, or null when it is not one of its kind: phone numbers in E.164 (+85291234567) or
 * local digits (6–15), WhatsApp in E.164 (its links need the country code), an email address, and the apps' user
 * names (LINE: letters, digits, . _ - and an @ for official accounts; Telegram: 5–32 letters, digits, _; WeChat:
 * 6–20 starting with a letter; KakaoTalk: 2–40). A leading @ of a Telegram name is dropped.
 */
export function normalizeAdviserChannel(kind: AdviserChannelKind, value: string): string | null {
  const text = value.trim()
  if (text.length === 0 || text.length > adviserChannelValueMaxLength) return null
  switch (kind) {
    case 'phone': {
      const compact = text.replace(separators, '').replace(/^00/, '+')
      return /^\+[1-9]\d{6,14}$/.test(compact) || /^\d{6,15}$/.test(compact) ? compact : null
    }
    case 'whatsapp': {
      const compact = text.replace(separators, '').replace(/^00/, '+')
      return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null
    }
    case 'email':
      return /^[^\s@<>"]+@[^\s@<>"]+\.[A-Za-z]{2,}$/.test(text) ? text : null
    case 'line':
      return /^@?[A-Za-z0-9._-]{2,40}$/.test(text) ? text : null
    case 'telegram': {
      const name = text.replace(/^@/, '')
      return /^[A-Za-z][A-Za-z0-9_]{4,31}$/.test(name) ? name : null
    }
    case 'wechat':
      return /^[A-Za-z][A-Za-z0-9_-]{5,19}$/.test(text) ? text : null
    case 'kakaotalk':
      return /^[A-Za-z0-9._-]{2,40}$/.test(text) ? text : null
  }
}

/**
 * Where a channel's link goes, built only from a value `normalizeAdviserChannel` accepts (anything else: no link):
 * tel:, mailto:, wa.me, LINE's and Telegram's app links. KakaoTalk and WeChat open no profile by its ID from a
 * link: the page shows the ID to copy.
 */
export function adviserChannelHref(channel: AdviserChannel): string | null {
  const value = normalizeAdviserChannel(channel.kind, channel.value)
  if (value === null) return null
  switch (channel.kind) {
    case 'phone':
      return `tel:${value}`
    case 'email':
      return `mailto:${encodeURIComponent(value).replace('%40', '@')}`
    case 'whatsapp':
      return `https://wa.me/${value.replace('+', '')}`
    case 'line':
      return value.startsWith('@')
        ? `line://ti/p/${encodeURIComponent(value)}`
        : `line://ti/p/~${encodeURIComponent(value)}`
    case 'telegram':
      return `https://t.me/${value}`
    default:
      return null
  }
}

/** A text in both languages (an adviser's name and introduction). */
export type AdviserText = Record<Locale, string>

/** `GET /api/portal/member/adviser`: the reader's adviser, or why there is none to show. */
export type MyAdviserAnswer =
  | {
      state: 'assigned'
      adviser: {
        id: string
        /** In the reader's language. */
        name: string
        bio: string
        channels: AdviserChannel[]
        isSample: boolean
      }
      assignedAt: string
    }
  /** Premium, not yet assigned: support assigns one within a working day. */
  | { state: 'pending' }
  | { state: 'locked'; lock: LockReason }

/** An adviser as support sees them (`GET /api/console/advisers` rows). */
export interface ConsoleAdviser {
  id: string
  name: AdviserText
  bio: AdviserText
  channels: AdviserChannel[]
  active: boolean
  isSample: boolean
  /** Members assigned (whatever their plan now). */
  assignedCount: number
  createdAt: string
  updatedAt: string
}

/** A member assigned to an adviser, as the adviser's page lists them. */
export interface AdviserMember {
  memberId: string
  /** +852 ****4567 */
  phoneMasked: string
  /** The plan in force; null without one (the adviser is then not shown to them). */
  tier: Tier | null
  assignedAt: string
}

/** `GET /api/console/advisers/:id` */
export interface ConsoleAdviserDetail extends ConsoleAdviser {
  members: AdviserMember[]
}

/** A member's assignment (`/api/console/adviser-assignments…`): the member, their plan and their adviser. */
export interface ConsoleAdviserAssignment {
  memberId: string
  /** E.164 in full: support sees the whole number. */
  phone: string
  tier: Tier | null
  adviser: { id: string; name: AdviserText; active: boolean } | null
  assignedAt: string | null
}
