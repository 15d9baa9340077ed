import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  LoginRequest,
  type LogoutAnswer,
  MemberEmailRequest,
  QuotaQuery,
  SendCodeRequest,
  SubscriptionPeriod,
  Tier,
  userInfoCookieOf,
} from '#contracts/accounts.ts'
import { type AccountDeletedAnswer, DisplayNameRequest, type LogoutAllAnswer } from '#contracts/billing.ts'
import { ok } from '#contracts/envelope.ts'
import { MailErrorCode, MailTokenRequest } from '#contracts/mail.ts'
import { MemberEmailErrorCode, type MemberEmailVerifiedAnswer } from '#contracts/member-email.ts'
import { toE164Mobile } from '#contracts/mobile-number.ts'
import { regionFromHostname } from '#contracts/regions.ts'
import type { Config } from '#server/config.ts'
import { AppError } from '#server/http/app-error.ts'
import { requestLocale } from '#server/http/error-handler.ts'
import { registerLoopbackOnlyRoutes } from '#server/http/test-endpoints.ts'
import { visitAttributionOf } from '#server/http/visit-attribution.ts'
import type { ChatService } from '#server/modules/chat/chat.service.ts'
import type { ExpertService } from '#server/modules/expert/expert.service.ts'
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts'
import type { QuotaService } from '#server/modules/quotas/quotas.service.ts'
import type { SubscriptionService } from '#server/modules/subscriptions/subscriptions.service.ts'
import type { AccountsService } from './accounts.service.ts'
import type { DevSmsOutbox } from './dev-sms-outbox.service.ts'
import { sessionTokenOf } from './reader-identification.ts'
import { clearSessionCookies, setSessionCookies, setUserInfoCookie } from './session-cookies.ts'
import { registerSiteHandoverRoutes } from './site-handover.routes.ts'
import type { SiteHandoverService } from './site-handover.service.ts'

const OutboxQuery = z.object({ phone: z.string().trim().min(1).max(32) })
const DevSubscriptionRequest = z.object({ tier: Tier, period: SubscriptionPeriod.default('month') })

export function registerAccountRoutes(
  api: FastifyInstance,
  {
    accounts,
    quotas,
    subscriptions,
    devSmsOutbox,
    siteHandover,
    chat,
    expert,
    notifications,
    config,
  }: {
    accounts: AccountsService
    quotas: QuotaService
    subscriptions: SubscriptionService
    devSmsOutbox: DevSmsOutbox
    siteHandover: SiteHandoverService
    chat: Pick<ChatService, 'adoptVisitorConversations'>
    /** Expert diagnosis: answers the member has not opened yet, for the header's notice (issue 15). */
    expert?: Pick<ExpertService, 'countUnseenAnswers'>
    /** The notification centre: unread notifications, for the header's bell (issue 26). */
    notifications?: Pick<NotificationsService, 'countUnread'>
    config: Config
  },
): void {
  // Encapsulated, so the JSON parser below applies to these routes only.
  api.register(async (routes) => {
    // The default parser's error quotes the body (which may hold a code) and that error is logged: say less.
    routes.removeContentTypeParser('application/json')
    routes.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, body === '' ? {} : JSON.parse(body as string))
      } catch {
        done(Object.assign(new Error('Malformed JSON body'), { statusCode: 400 }), undefined)
      }
    })

    const perIpLimit = { rateLimit: { max: config.auth.ipLimitPerHour, timeWindow: '1 hour' } }

    routes.post('/member/sendCode', { config: perIpLimit }, async (request) => {
      const body = SendCodeRequest.parse(request.body ?? {})
      return ok(await accounts.sendLoginCode(body, { locale: requestLocale(request) }))
    })

    routes.post('/member/login', { config: perIpLimit }, async (request, reply) => {
      const body = LoginRequest.parse(request.body ?? {})
      const result = await accounts.logIn(body, {
        locale: requestLocale(request),
        previousToken: sessionTokenOf(request),
        attribution: visitAttributionOf(request),
      })
      // The conversations this browser had as a visitor are the member's from now on.
      await chat.adoptVisitorConversations(request.reader.device.key, result.userInfo.memberId)
      setSessionCookies(reply, request, config, {
        token: result.token,
        userInfo: userInfoCookieOf(result.userInfo),
      })
      return ok({ isNewMember: result.isNewMember, userInfo: result.userInfo })
    })

    routes.get('/home/memberInfo', async (request, reply) => {
      const info = accounts.getMemberInfo(request.identity)
      setUserInfoCookie(reply, request, config, userInfoCookieOf(info))
      return ok({
        ...info,
        ...(expert ? { expertAnswersUnseen: await expert.countUnseenAnswers(info.memberId) } : {}),
        ...(notifications
          ? { notificationsUnread: (await notifications.countUnread(request.reader)).unread }
          : {}),
      })
    })

    routes.delete('/token/logout', async (request, reply) => {
      await accounts.logOut(sessionTokenOf(request))
      clearSessionCookies(reply, config)
      return ok<LogoutAnswer>({ loggedOut: true })
    })

    // The account page (issue 13; its shapes are in contracts/billing.ts with the rest of that page's calls).
    routes.patch('/member/displayName', async (request, reply) => {
      const { displayName } = DisplayNameRequest.parse(request.body ?? {})
      const info = await accounts.setDisplayName(request.reader, displayName)
      setUserInfoCookie(reply, request, config, userInfoCookieOf(info))
      return ok(info)
    })

    routes.post('/member/logoutAll', async (request, reply) => {
      const sessionsEnded = await accounts.logOutEverywhere(request.reader)
      clearSessionCookies(reply, config)
      return ok<LogoutAllAnswer>({ loggedOut: true, sessionsEnded })
    })

    routes.delete('/member/account', async (request, reply) => {
      await accounts.deleteAccount(request.reader)
      clearSessionCookies(reply, config)
      return ok<AccountDeletedAnswer>({ deleted: true })
    })

    // The member's email address (issue 26): where receipts, reminders and answers are mailed once verified.
    const client = (request: FastifyRequest) => ({
      locale: requestLocale(request),
      region: regionFromHostname(request.hostname),
    })
    /** A refused verification mail tells the page how long to wait, as a per-route limit's 429 does. */
    async function withSendWait<T>(reply: FastifyReply, send: () => Promise<T>): Promise<T> {
      try {
        return await send()
      } catch (error) {
        const minutes = error instanceof AppError ? error.params?.count : undefined
        if (
          error instanceof AppError &&
          error.code === MemberEmailErrorCode.sendLimited &&
          typeof minutes === 'number'
        )
          reply.header('retry-after', String(minutes * 60))
        throw error
      }
    }

    routes.get('/member/email', async (request) => ok(await accounts.getMemberEmail(request.reader)))

    routes.put('/member/email', async (request, reply) => {
      const { email } = MemberEmailRequest.parse(request.body ?? {})
      return ok(
        await withSendWait(reply, () => accounts.setMemberEmail(request.reader, email, client(request))),
      )
    })

    routes.post('/member/email/resend', async (request, reply) =>
      ok(await withSendWait(reply, () => accounts.resendEmailVerification(request.reader, client(request)))),
    )

    routes.delete('/member/email', async (request) => ok(await accounts.removeMemberEmail(request.reader)))

    // The verification link's page posts its token here; no login needed (the mail may be read on another device).
    routes.post('/member/email/verify', { config: perIpLimit }, async (request) => {
      const { token } = MailTokenRequest.parse(request.body ?? {})
      if ((await accounts.verifyMemberEmail(token)) !== 'verified')
        throw new AppError('invalid', MailErrorCode.linkInvalid)
      return ok<MemberEmailVerifiedAnswer>({ verified: true })
    })

    routes.get('/member/quota', async (request) => {
      const { kind } = QuotaQuery.parse(request.query)
      return ok(await quotas.peek({ reader: request.reader, kind }))
    })

    // Moving to another regional site with the login and the cookie consent (ADR 0010).
    registerSiteHandoverRoutes(routes, { siteHandover, config })

    // Test endpoints (TEST_ENDPOINTS=loopback, develop only): answered to this machine alone, 404 to anyone else.
    if (config.testEndpoints === 'loopback') {
      registerLoopbackOnlyRoutes(routes, (testRoutes) => {
        // The messages the console SMS adapter did not send (browser journeys read codes here).
        testRoutes.get('/dev/sms-outbox', async (request) => {
          const { phone } = OutboxQuery.parse(request.query)
          // A + in a query string arrives as a space; the number is always international here.
          const e164 = toE164Mobile('HK', `+${phone.replace(/^\+/, '')}`)
          if (!e164) throw new AppError('invalid', 'MOBILE_INVALID')
          return ok(await devSmsOutbox.listMessages(e164))
        })

        // Subscribes the logged-in member now, as `npm run ops -- subscription:grant` does, so browser journeys
        // can reach the subscriber states while the server holds the (single-process) database.
        testRoutes.post('/dev/subscription', async (request) => {
          const { tier, period } = DevSubscriptionRequest.parse(request.body ?? {})
          const member = request.identity.member
          if (!member) throw new AppError('unauthenticated', 'UNAUTHENTICATED')
          return ok(
            await subscriptions.grantSubscription({ memberId: member.id, tier, period, source: 'operator' }),
          )
        })
      })
    }
  })
}
