/**
 * Wire shapes of the one-to-one adviser (issue 15). Answer shapes and codes are in advisers-rules.ts (zod-free).
 *
 * Reader (under /api/portal; logged in, visitor 401):
 *   GET    /member/adviser                      → MyAdviserAnswer (assigned, pending, or locked with its LockReason)
 *
 * Console (under /api/console; support, admin passes; every change writes an audit entry):
 *   GET    /advisers                            → ConsoleAdviser[] (active first, then by name)
 *   POST   /advisers                            AdviserInput → ConsoleAdviser
 *   GET    /advisers/:id                        → ConsoleAdviserDetail (404 CONSOLE_ADVISER_NOT_FOUND)
 *   PUT    /advisers/:id                        AdviserInput → ConsoleAdviser
 *   POST   /advisers/:id/active                 AdviserActiveRequest → ConsoleAdviser (deactivate / reactivate)
 *   GET    /adviser-assignments?phone=          MemberLookupQuery → ConsoleAdviserAssignment (400
 *                                               CONSOLE_PHONE_INVALID, 404 CONSOLE_MEMBER_NOT_FOUND)
 *   GET    /adviser-assignments/:memberId       → ConsoleAdviserAssignment
 *   PUT    /adviser-assignments/:memberId       AssignAdviserRequest → ConsoleAdviserAssignment (409
 *                                               CONSOLE_ADVISER_INACTIVE)
 *   DELETE /adviser-assignments/:memberId       → ConsoleAdviserAssignment (404 CONSOLE_ADVISER_ASSIGNMENT_NOT_FOUND)
 */
import { z } from 'zod'
import {
  AdviserErrorCode,
  adviserBioMaxLength,
  adviserChannelKinds,
  adviserChannelsMax,
  adviserChannelValueMaxLength,
  adviserNameMaxLength,
  normalizeAdviserChannel,
} from './advisers-rules.ts'

export * from './advisers-rules.ts'

const Name = z
  .string(AdviserErrorCode.nameMissing)
  .trim()
  .min(1, AdviserErrorCode.nameMissing)
  .max(adviserNameMaxLength)
const Bio = z
  .string(AdviserErrorCode.bioMissing)
  .trim()
  .min(1, AdviserErrorCode.bioMissing)
  .max(adviserBioMaxLength)

/** A channel: its kind and a value of that kind, stored as `normalizeAdviserChannel` writes it. */
export const AdviserChannelInput = z
  .object({
    kind: z.enum(adviserChannelKinds, AdviserErrorCode.channelInvalid),
    value: z
      .string(AdviserErrorCode.channelInvalid)
      .max(adviserChannelValueMaxLength, AdviserErrorCode.channelInvalid),
  })
  .transform((channel, context) => {
    const value = normalizeAdviserChannel(channel.kind, channel.value)
    if (value === null) {
      context.addIssue({ code: 'custom', message: AdviserErrorCode.channelInvalid, path: ['value'] })
      return z.NEVER
    }
    return { kind: channel.kind, value }
  })

export const AdviserInput = z.object({
  name: z.object({ en: Name, 'zh-Hant': Name }, AdviserErrorCode.nameMissing),
  bio: z.object({ en: Bio, 'zh-Hant': Bio }, AdviserErrorCode.bioMissing),
  channels: z
    .array(AdviserChannelInput, AdviserErrorCode.channelsMissing)
    .min(1, AdviserErrorCode.channelsMissing)
    .max(adviserChannelsMax),
})
export type AdviserInput = z.infer<typeof AdviserInput>

export const AdviserIdParams = z.object({ id: z.uuid() })
export const AdviserActiveRequest = z.object({ active: z.boolean() })
export const AssignmentParams = z.object({ memberId: z.uuid() })
export const AssignAdviserRequest = z.object({ adviserId: z.uuid() })
