/**
 * The one composition root: builds every domain service once per process from its dependencies, the console's
 * included, and hands each module the functions it needs of others (a module gets functions, not modules; a read
 * that runs in the caller's transaction takes it as its last argument). Routes and page loaders reach services only
 * through this object (pages via the router's request context), never by importing a module's internals.
 */
import path from 'node:path'
import type { Redis } from 'ioredis'
import pino from 'pino'
import type { Market } from '#contracts/regions.ts'
import { stockQueryMaxLength, stockSuggestionsMax } from '#contracts/stocks.ts'
import { type Clock, systemClock } from './clock.ts'
import type { Config } from './config.ts'
import type { Database } from './db/database.ts'
import { translateErrorCode } from './http/error-handler.ts'
import { createRetention } from './jobs/retention.ts'
import { createAccountsService } from './modules/accounts/accounts.service.ts'
import { createDevSmsOutbox } from './modules/accounts/dev-sms-outbox.service.ts'
import { createSiteHandoverService } from './modules/accounts/site-handover.service.ts'
import { createAdvisersService } from './modules/advisers/advisers.service.ts'
import { createAlertsService } from './modules/alerts/alerts.service.ts'
import { createAnalyticsService } from './modules/analytics/analytics.service.ts'
import type { ArticleChanges } from './modules/articles/article-changes.ts'
import { createArticleCoversService } from './modules/articles/article-covers.service.ts'
import { createArticleEditingService } from './modules/articles/article-editing.service.ts'
import { createArticlesService } from './modules/articles/articles.service.ts'
import { createBillingService } from './modules/billing/billing.service.ts'
import type { Assistant } from './modules/chat/assistant.ts'
import { createConfiguredAssistant } from './modules/chat/assistants/configured-assistant.ts'
import { createChatService } from './modules/chat/chat.service.ts'
import { createChatFilesService } from './modules/chat/files/chat-files.service.ts'
import { createLazyFileReader } from './modules/chat/files/lazy-file-reader.ts'
import type { MyStocks } from './modules/chat/tools/my-stocks-tools.ts'
import type { StrategiesReading } from './modules/chat/tools/strategy-tools.ts'
import { createClassroomService } from './modules/classroom/classroom.service.ts'
import { createClassroomDeskService } from './modules/classroom/classroom-desk.service.ts'
import { createConsoleAccessService } from './modules/console/console-access.service.ts'
import { createConsoleAuditService } from './modules/console/console-audit.service.ts'
import { createConsoleMembersService } from './modules/console/console-members.service.ts'
import { createConsoleNewsroomService } from './modules/console/console-newsroom.service.ts'
import { createConsoleSiteService } from './modules/console/console-site.service.ts'
import { createExpertService } from './modules/expert/expert.service.ts'
import { createMailService } from './modules/mail/mail.service.ts'
import { createMemberMail } from './modules/mail/member-mail.ts'
import { createNavigationService } from './modules/navigation/navigation.service.ts'
import { createDigestService } from './modules/newsletter/digest.service.ts'
import { createNewsletterService } from './modules/newsletter/newsletter.service.ts'
import { alertPushMessage } from './modules/notifications/alert-push.ts'
import {
  createNotificationsService,
  type MemberNotice,
} from './modules/notifications/notifications.service.ts'
import { createPortfoliosService, type PortfoliosService } from './modules/portfolios/portfolios.service.ts'
import { createPushService } from './modules/push/push.service.ts'
import { createQuotaService } from './modules/quotas/quotas.service.ts'
import { createRateLimiter } from './modules/rate-limits/rate-limits.service.ts'
import { createRedirectsService } from './modules/redirects/redirects.service.ts'
import { createContactChannelsService } from './modules/site-texts/contact-channels.service.ts'
import { createSiteTextsService } from './modules/site-texts/site-texts.service.ts'
import { createAnalystDeskService } from './modules/stocks/analyst-desk.service.ts'
import { createMarketPricesService } from './modules/stocks/market-prices.service.ts'
import { createPicksTrackingService } from './modules/stocks/picks-tracking.ts'
import { createConfiguredProvider } from './modules/stocks/stock-provider.ts'
import { createStockRefresh } from './modules/stocks/stock-refresh.ts'
import { createStocksService } from './modules/stocks/stocks.service.ts'
import { createStrategiesService, type StrategiesService } from './modules/strategies/strategies.service.ts'
import { createSubscriptionService } from './modules/subscriptions/subscriptions.service.ts'
import { createTrackingService } from './modules/tracking/tracking.service.ts'
import { createWatchlistsService, type WatchlistsService } from './modules/watchlists/watchlists.service.ts'
import type { FileStorage } from './providers/file-storage/file-storage.ts'
import { createFileStorage } from './providers/file-storage/file-storage-factory.ts'
import type { MailSender } from './providers/mail/mail-sender.ts'
import { createPaymentsProvider } from './providers/payments/payments-provider-factory.ts'
import { createSmsSender } from './providers/sms/sms-provider.ts'
import type { SmsSender } from './providers/sms/sms-sender.ts'

export interface ServiceDependencies {
  config: Config
  database: Database
  redis?: Redis | undefined
  /** Tests pass a clock they move by hand; everything else reads the system clock. */
  clock?: Clock | undefined
  /** Replaces the configured SMS adapter (tests, benchmarks). */
  smsSender?: SmsSender | undefined
  /** Replaces the configured mail adapter (tests: SMTP to a local server, or a failing one). */
  mailSender?: MailSender | undefined
  /** Replaces the configured chat assistant (tests: a scripted one). */
  assistant?: Assistant | undefined
  /** Word of article changes between processes (boot.ts); absent, within this process only. */
  articleChanges?: ArticleChanges | undefined
  /** Replaces the configured file storage (tests: a folder of their own or the fake S3 server). */
  fileStorage?: FileStorage | undefined
}

export function createServices({
  config,
  database,
  redis,
  clock = systemClock,
  smsSender,
  mailSender,
  assistant,
  articleChanges,
  fileStorage,
}: ServiceDependencies) {
  const { db } = database

  // ——— Readers, what they read, and market data ———
  const subscriptions = createSubscriptionService({ db, clock })
  const devSmsOutbox = createDevSmsOutbox({ db })
  const now = () => clock.now().getTime()
  const tracking = createTrackingService({ db, now })
  const articles = createArticlesService({
    db,
    now,
    ...(articleChanges ? { changes: articleChanges } : {}),
    recentArticleViews: tracking.countRecentArticleViews,
    // Preview links of unpublished articles are signed with the session secret (article-preview-tokens.ts).
    previewSecret: config.auth.secret,
    // Searches name stocks with the diagnosis autocomplete's lookup; only requests call it, after `stocks` exists.
    findStockCandidates: async (text, locale) =>
      (
        await stocks.listAiScores(
          { q: text.slice(0, stockQueryMaxLength), page: 1, pageSize: stockSuggestionsMax },
          locale,
        )
      ).rows,
  })
  const sms =
    smsSender ??
    createSmsSender(config.sms, {
      log: pino({ level: config.logLevel, name: 'sms' }),
      saveToOutbox: devSmsOutbox.saveMessage,
    })
  const quotas = createQuotaService({ db, config, clock })
  const marketData = createConfiguredProvider(config.marketData, db, () => clock.now())
  const stockRefresh = createStockRefresh({
    db,
    provider: marketData,
    settings: config.marketData,
    now: () => clock.now(),
    log: pino({ level: config.logLevel, name: 'market-data' }),
  })
  const stocks = createStocksService({
    db,
    config,
    clock,
    quotas,
    refresh: stockRefresh,
    countArticleMentions: articles.countStockMentions,
  })

  // The reader's own portfolio (issue 25): the stocks module's market data and lookup, the provider's exchange rates.
  const marketPrices = createMarketPricesService({ db })
  const portfolios = createPortfoliosService({
    db,
    clock,
    prices: marketPrices,
    findStock: stocks.findStock,
    fxRateOf: async (from, to) => {
      if (!marketData.getFxRate) throw new Error(`the ${marketData.name} provider has no exchange rates`)
      return marketData.getFxRate(from, to)
    },
    fxIsDemo: marketData.isDemo,
    describeError: (code, locale) => translateErrorCode(code, locale),
  })

  // ——— Members and their plans ———
  const accounts = createAccountsService({
    db,
    config,
    clock,
    sms,
    subscriptions,
    // `billing`, `chat`, `watchlists` and `portfolios` are built below; the hook runs only when a member deletes their
    // account. Their chat conversations, uploaded files, watchlists and portfolio are personal data: they go too
    // (payment records stay: billing's CONTEXT.md).
    beforeMemberDeleted: async (memberId) => {
      await billing.closeBillingOfMember(memberId)
      await chat.deleteMemberConversations(memberId)
      await watchlists.deleteMemberWatchlists(memberId)
      await portfolios.deleteMemberPortfolio(memberId)
    },
    // Built below: the verification mail of a member's email address (issue 26).
    queueMail: (request, tx) => mail.queueMail(request, tx),
    siteOrigins: config.siteOrigins,
  })
  // Transactional mail to members (issue 26): to their verified address only, once per message.
  const mailLog = pino({ level: config.logLevel, name: 'mail' })
  const memberMail = createMemberMail({
    verifiedEmailOf: accounts.verifiedEmailOf,
    queueMail: (request, tx) => mail.queueMail(request, tx),
    siteOrigins: config.siteOrigins,
    log: mailLog,
  })
  // Billing's renewal reminder and failed payment are mailed (transactional) and told in the notification centre
  // (built below), each once by the same key as its mail.
  const accountPath = '/member/account'
  /** The mail and the centre's notice, each tried whatever the other did; the mail's outcome (or failure) is billing's. */
  async function mailThenTell(mailed: Promise<boolean>, notice: MemberNotice): Promise<boolean> {
    const told = notifications.notifyMembers([notice]).catch((error: unknown) => {
      mailLog.warn({ err: error, kind: notice.kind }, 'notice not told in the centre')
    })
    const [outcome] = await Promise.allSettled([mailed, told])
    if (outcome.status === 'rejected') throw outcome.reason
    return outcome.value
  }
  const billing = createBillingService({
    mail: {
      ...memberMail,
      async sendRenewalReminder(renewal) {
        const key = `renewal-reminder:${renewal.subscriptionId}:${renewal.renewsAt.toISOString()}`
        return mailThenTell(memberMail.sendRenewalReminder(renewal), {
          key,
          memberId: renewal.memberId,
          kind: 'renewalReminder',
          market: null,
          code: null,
          details: { tier: renewal.tier, on: renewal.renewsAt.toISOString() },
          link: accountPath,
          occurredAt: clock.now(),
        })
      },
      async sendPaymentFailing(failing) {
        const key = `payment-failing:${failing.subscriptionId}:${failing.periodEndsAt.toISOString()}`
        return mailThenTell(memberMail.sendPaymentFailing(failing), {
          key,
          memberId: failing.memberId,
          kind: 'paymentFailed',
          market: null,
          code: null,
          details: { tier: failing.tier },
          link: accountPath,
          occurredAt: clock.now(),
        })
      },
    },
    db,
    clock,
    payments: config.payments,
    siteOrigins: config.siteOrigins,
    provider: createPaymentsProvider(config.payments, { now: () => clock.now() }),
    subscriptions,
    log: pino({ level: config.logLevel, name: 'billing' }),
  })

  // ——— The AI chat and its files; one file storage for every upload (chat files and console covers) ———
  const chatLog = pino({ level: config.logLevel, name: 'chat' })
  const storage = fileStorage ?? createFileStorage(config.fileStorage, { dataDir: config.dataDir })
  // Reading processes start with the first file, not with every process (and every test server).
  const fileReader = createLazyFileReader({
    workers: config.chat.files.readWorkers,
    timeoutMs: config.chat.files.readTimeoutMs,
    maxMemoryMb: config.chat.files.readMemoryMb,
  })
  const chatFiles = createChatFilesService({
    db,
    clock,
    quotas,
    storage,
    reader: fileReader,
    tempDir: path.join(config.dataDir, 'uploads-in-progress'),
    log: { error: (details, message) => chatLog.error(details, message) },
    importHoldings: (reader, text, skipRejected) =>
      portfolios.importTransactions(reader, { text, skipRejected }),
  })
  const chat = createChatService({
    db,
    clock,
    quotas,
    assistant:
      assistant ??
      createConfiguredAssistant({
        config: config.chat,
        stocks,
        articles,
        clock,
        // The reader's own lists for the chat's "my watchlist" and "my portfolio" (watchlists is built below).
        mine: myStocksOf(() => ({ watchlists, portfolios })),
        // The strategies the asking reader's plan shows (the service is built below).
        strategies: strategiesReadingOf(() => strategies),
      }),
    describeError: (code, locale) => translateErrorCode(code, locale),
    log: { error: (details, message) => chatLog.error(details, message) },
    files: chatFiles,
    timeZone: config.limitsTimeZone,
  })

  // ——— The reader's own stocks: watchlists (issue 25), their figures through the stocks service ———
  const watchlists = createWatchlistsService({
    db,
    clock,
    getStocks: stocks.getStocks,
    findNewestArticlesAbout: articles.findNewestArticlesAbout,
  })

  // ——— The site's menus, texts, redirects and contact channels; the newsletter; rate limits ———
  const navigation = createNavigationService({ db, articles, now })
  // Mail (issue 26): the queue and its adapter; the newsletter queues its confirmation and welcome through it, and
  // hears of unsubscribes from it.
  const mail = createMailService({
    db,
    clock,
    config: config.mail,
    secret: config.auth.secret,
    sender: mailSender,
    onUnsubscribed: (address, list) => newsletter.recordUnsubscribe(address, list),
    log: mailLog,
  })
  // Web push (issue 26, ADR 0044): a member's devices; other modules notify a member through `push.sendPush`.
  const push = createPushService({
    db,
    clock,
    config: config.push,
    log: pino({ level: config.logLevel, name: 'push' }),
  })
  const newsletter = createNewsletterService({
    db,
    clock,
    secret: config.auth.secret,
    siteOrigins: config.siteOrigins,
    queueMail: mail.queueMail,
    resubscribe: mail.resubscribe,
  })
  // Alerts and the notification centre (issue 26, ADR 0041): alerts read the stocks' figures and the watchlists'
  // followers; crossings are told in-app and, to a verified address, by mail through the queue.
  const notifications = createNotificationsService({
    db,
    clock,
    findVerifiedEmail: async (memberId) => {
      const email = await accounts.verifiedEmailOf(memberId)
      if (!email) return null
      return { address: email.address, locale: email.locale, siteOrigin: config.siteOrigins[email.region] }
    },
    findVerifiedEmails: async (memberIds) => {
      const found = await accounts.verifiedEmailsOf(memberIds)
      return new Map(
        [...found].map(([memberId, email]) => [
          memberId,
          { address: email.address, locale: email.locale, siteOrigin: config.siteOrigins[email.region] },
        ]),
      )
    },
    membersWithDevices: push.membersWithDevices,
    queueAlertMail: ({ idempotencyKey, to, locale, siteOrigin, stock }) =>
      mail.queueMail({
        idempotencyKey,
        kind: 'alert',
        to,
        locale,
        siteOrigin,
        variables: { actionUrl: `${siteOrigin.replace(/\/+$/, '')}/member/notifications`, stock },
      }),
    sendAlertPush: ({ idempotencyKey, memberId, stock, url }) =>
      push.sendPush(memberId, alertPushMessage(stock, url), idempotencyKey),
    queueArticleMail: ({ idempotencyKey, to, locale, siteOrigin, stock, title, path }) =>
      mail.queueMail({
        idempotencyKey,
        kind: 'new-article',
        to,
        locale,
        siteOrigin,
        variables: { actionUrl: `${siteOrigin.replace(/\/+$/, '')}${path}`, stock, values: { stock, title } },
      }),
    sendPush: (memberId, message, idempotencyKey) => push.sendPush(memberId, message, idempotencyKey),
  })
  const alerts = createAlertsService({
    db,
    clock,
    getStocks: stocks.getStocks,
    readAlertFiguresJson: stocks.readAlertFiguresJson,
    listFollowersJson: watchlists.listFollowersJson,
    listHoldersJson: portfolios.listHoldersJson,
    findSavedScreen: stocks.findSavedScreen,
    listSavedScreens: stocks.listSavedScreens,
    readScreenMembersJson: stocks.readScreenMembersJson,
    deliver: notifications.deliverEvents,
  })
  // The weekly digest (issue 26): articles and picks asked of their modules, queued through the mail module.
  const digest = createDigestService({
    db,
    clock,
    timeZone: config.limitsTimeZone,
    siteOrigins: config.siteOrigins,
    listFeedArticles: articles.listFeedArticles,
    listMonthlyPicks: stocks.listMonthlyPicks,
    membersOfVerifiedEmails: accounts.membersOfVerifiedEmails,
    tiersOf: subscriptions.findActiveTiers,
    listFollowedStocksOf: watchlists.listFollowedStocksOf,
    listWeekMoves: marketPrices.listWeekMoves,
    queueMail: mail.queueMail,
    queueMailBatch: mail.queueMailBatch,
    previewMail: mail.previewMail,
    countIssue: mail.countIssue,
  })
  // What admins change of the site is announced like an article change: every process drops what it holds.
  const onSiteChanged = (listener: () => void) => articles.onArticlesChanged(listener)
  const siteTexts = createSiteTextsService({ db, onSiteChanged })
  const redirects = createRedirectsService({
    db,
    siteOrigins: Object.values(config.siteOrigins),
    onSiteChanged,
  })
  const contactChannels = createContactChannelsService({ db, defaults: config.contact, onSiteChanged })
  const rateLimiter = createRateLimiter({ db, redis })

  // ——— The console (ADR 0015): access and the audit log are its own; the newsroom, the analysts' desk, members,
  // analytics and the site's admin run other modules' rules, with the audit written in each change's transaction.
  // The firm's time zone is LIMITS_TIME_ZONE: the zone its calendar days are already counted in.
  const timeZone = config.limitsTimeZone
  const audit = createConsoleAuditService({ db, clock, timeZone, findMemberNames: accounts.findMemberNames })
  const { recordChange } = audit
  const access = createConsoleAccessService({ db, clock, timeZone, accounts, recordChange })
  const covers = createArticleCoversService({ db, clock, storage })
  const analystDesk = createAnalystDeskService({ db, clock, recordChange })
  const editing = createArticleEditingService({
    db,
    clock,
    timeZone,
    previewSecret: config.auth.secret,
    siteOrigins: { en: config.siteOrigins.en, 'zh-Hant': config.siteOrigins.hant },
    // Which header-menu groups list an article.
    menus: navigation,
    findCoverImage: covers.findCoverImage,
    resolveStocks: analystDesk.resolveStocks,
    announceArticleChange: (keys) => articles.announceArticleChange(keys),
    recordChange,
    // A new article about a followed stock: each follower of any of its stocks is told once (issue 26).
    onArticlesPublished: async (published) => {
      for (const article of published) {
        try {
          const followers = JSON.parse(await watchlists.listFollowersJson(article.stocks)) as {
            memberId: string
            market: Market
            code: string
          }[]
          const byMember = new Map<string, { market: Market; code: string }>()
          for (const follower of followers)
            if (!byMember.has(follower.memberId)) byMember.set(follower.memberId, follower)
          await notifications.notifyMembers(
            [...byMember].map(([memberId, stock]) => ({
              key: `article:${article.id}:${memberId}`,
              memberId,
              kind: 'newArticle' as const,
              market: stock.market,
              code: stock.code,
              details: {
                articleKey: article.key,
                titleEn: article.titles.en,
                titleZh: article.titles['zh-Hant'],
              },
              link: `/articles/${article.key}`,
              occurredAt: article.publishedAt,
            })),
          )
        } catch (error) {
          mailLog.warn({ err: error, articleId: article.id }, 'followers of a new article not told')
        }
      }
    },
  })
  const newsroom = createConsoleNewsroomService({
    editing,
    covers,
    audit,
    timeZone,
    findMemberNames: accounts.findMemberNames,
  })
  // What support staff see and change of a member (their plan through the subscriptions operator path).
  const members = createConsoleMembersService({
    db,
    clock,
    timeZone,
    accounts,
    subscriptions,
    billing,
    quotas,
    newsletter,
    recordChange,
  })
  // Readers' analytics: counted by the firm's days (ADR 0016).
  const analytics = createAnalyticsService({ db, clock, timeZone })
  // What admins run of the site: its modules' services (the console writes the audit and announces changes).
  const siteAdmin = createConsoleSiteService({
    db,
    siteTexts,
    navigation,
    redirects,
    contactChannels,
    billing,
    articles,
    recordChange,
  })
  const consoleServices = { access, audit, newsroom, covers, analystDesk, members, analytics, siteAdmin }

  // ——— Member benefits (issue 15) ———
  // The one-to-one adviser (issue 15): support finds members as the console's members part does.
  const advisers = createAdvisersService({
    db,
    clock,
    recordChange,
    findMemberByPhone: members.findMemberByPhone,
    findMemberPhone: async (memberId) => (await accounts.findMemberProfile(memberId))?.phone,
    tierOf: async (memberId) => (await subscriptions.findActiveSubscription(memberId))?.tier ?? null,
  })
  // Strategies read the market's prices and benchmark through the stocks module (the chat reads the readers' side).
  const strategies = createStrategiesService({
    db,
    clock,
    prices: marketPrices,
    recordChange,
  })
  return {
    /** How many file readings are waiting or under way (metrics only). */
    fileReadersBusy: () => fileReader.busy,
    subscriptions,
    devSmsOutbox,
    accounts,
    siteHandover: createSiteHandoverService({ db, config, clock, accounts }),
    quotas,
    rateLimiter,
    articles,
    tracking,
    navigation,
    siteTexts,
    contactChannels,
    newsletter,
    digest,
    mail,
    push,
    redirects,
    stockRefresh,
    stocks,
    portfolios,
    // Analyst portfolio tracking (issue 15): the picks a reader sees, against their markets' benchmarks.
    picksTracking: createPicksTrackingService({ db, listMonthlyPicks: stocks.listMonthlyPicks }),
    chat,
    chatFiles,
    watchlists,
    alerts,
    notifications,
    billing,
    console: consoleServices,
    // Expert diagnosis (issue 15): stocks resolved by the analysts' desk lookup, files from the one storage.
    expert: createExpertService({
      db,
      clock,
      timeZone,
      settings: config.expert,
      rateLimiter,
      resolveStocks: analystDesk.resolveStocks,
      storage,
      recordChange,
      findChatFile: chatFiles.findReaderFile,
      listChatFiles: chatFiles.listReadFiles,
      holdMember: accounts.holdMember,
      mailAnswerReady: (answer) =>
        memberMail
          .sendExpertAnswerReady(answer)
          .catch((error: unknown) =>
            mailLog.warn({ err: error, kind: 'expert-answer-ready' }, 'mail not queued'),
          ),
    }),
    classroom: createClassroomService({ db, clock }),
    // Analysts run the classroom from the console; its changes go to the console's audit log.
    classroomDesk: createClassroomDeskService({
      db,
      clock,
      timeZone,
      recordChange,
    }),
    advisers,
    analystDesk,
    strategies,
    // What housekeeping forgets (RETENTION_*): each module deletes its own rows.
    retention: createRetention({
      settings: config.retention,
      clock,
      forgetArticleRevisions: editing.forgetOldRevisions,
      forgetAuditEntriesBefore: audit.forgetEntriesBefore,
      analyticsRolledUntil: analytics.rolledUntil,
      forgetTrackingEventsBefore: tracking.forgetEventsBefore,
      removeDeletedConversationFiles: chatFiles.removeDeletedConversationFiles,
      forgetSessionsEndedBefore: accounts.forgetSessionsEndedBefore,
      forgetMailBefore: mail.forgetMailBefore,
      forgetNotificationsBefore: notifications.forgetNotificationsBefore,
      forgetDeliveredAlertEventsBefore: alerts.forgetDeliveredEventsBefore,
    }),
  }
}

export type Services = ReturnType<typeof createServices>

/**
 * What the chat may read of a reader's own stocks (`MyStocks`): the watchlists' and the portfolio's reading
 * functions, nothing else. Asked for when a question needs them, so the services may be built after the chat.
 */
export function myStocksOf(
  services: () => { watchlists: WatchlistsService; portfolios: PortfoliosService },
): MyStocks {
  return {
    getWatchlistView: (reader, locale) => services().watchlists.getWatchlistView(reader, undefined, locale),
    getPortfolio: (reader, locale) => services().portfolios.getPortfolio(reader, undefined, locale),
    previewImport: (reader, text, locale) =>
      services().portfolios.previewImport(reader, { text, skipRejected: false }, locale),
  }
}

/**
 * What the chat may read of the strategies (`StrategiesReading`): the readers' list and detail, which apply each
 * reader's plan. Asked for when a question needs them, so the service may be built after the chat.
 */
export function strategiesReadingOf(service: () => StrategiesService): StrategiesReading {
  return {
    listForReader: (reader, locale) => service().listForReader(reader, locale),
    detailForReader: (slug, reader, locale) => service().detailForReader(slug, reader, locale),
  }
}
