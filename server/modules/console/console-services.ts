/**
 * Builds the console's services once per process (server/services.ts calls it): access and audit (this module),
 * the newsroom (the articles module's editing and covers services, with the console's audit log written in their
 * transactions) and the analysts' desk (the stocks module's). The firm's time zone is LIMITS_TIME_ZONE: the zone
 * its calendar days are already counted in.
 */
import type { Clock } from '#server/clock.ts'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/database.ts'
import type { AccountsService } from '#server/modules/accounts/accounts.service.ts'
import { createAnalyticsService } from '#server/modules/analytics/analytics.service.ts'
import { createArticleCoversService } from '#server/modules/articles/article-covers.service.ts'
import {
  type ArticleMenuGroups,
  createArticleEditingService,
} from '#server/modules/articles/article-editing.service.ts'
import type { ArticlesService } from '#server/modules/articles/articles.service.ts'
import type { BillingService } from '#server/modules/billing/billing.service.ts'
import type { NewsletterService } from '#server/modules/newsletter/newsletter.service.ts'
import type { QuotaService } from '#server/modules/quotas/quotas.service.ts'
import { createAnalystDeskService } from '#server/modules/stocks/analyst-desk.service.ts'
import type { SubscriptionService } from '#server/modules/subscriptions/subscriptions.service.ts'
import type { FileStorage } from '#server/providers/file-storage/file-storage.ts'
import { createConsoleAccessService } from './console-access.service.ts'
import { createConsoleAuditService } from './console-audit.service.ts'
import { createConsoleMembersService } from './console-members.service.ts'
import { createConsoleNewsroomService } from './console-newsroom.service.ts'
import { createConsoleSiteService } from './console-site.service.ts'

export function createConsoleServices({
  db,
  config,
  clock,
  accounts,
  articles,
  menus,
  storage,
  memberCare,
  site,
}: {
  db: Db
  config: Config
  clock: Clock
  accounts: Pick<
    AccountsService,
    'findOrRegisterMember' | 'findMember' | 'findMemberProfile' | 'listMemberSessions' | 'endMemberSessions'
  >
  articles: Pick<ArticlesService, 'announceArticleChange'>
  /** The navigation service: which header-menu groups list an article. */
  menus: ArticleMenuGroups
  /** Where cover images are kept (the site's file storage). */
  storage: FileStorage
  /** What support staff see and change of a member (their plan through the subscriptions operator path). */
  memberCare: {
    subscriptions: SubscriptionService
    billing: Pick<BillingService, 'listMemberPayments' | 'closeBillingOfMember'>
    quotas: Pick<QuotaService, 'peek'>
    newsletter: NewsletterService
  }
  /** What admins run of the site: its modules' services (the console writes the audit and announces changes). */
  site: Omit<Parameters<typeof createConsoleSiteService>[0], 'db' | 'recordChange'>
}) {
  const timeZone = config.limitsTimeZone
  const audit = createConsoleAuditService({ db, clock, timeZone })
  const access = createConsoleAccessService({
    db,
    clock,
    timeZone,
    accounts,
    recordChange: audit.recordChange,
  })
  const covers = createArticleCoversService({ db, clock, storage })
  const analystDesk = createAnalystDeskService({ db, clock, recordChange: audit.recordChange })
  const editing = createArticleEditingService({
    db,
    clock,
    timeZone,
    previewSecret: config.auth.secret,
    siteOrigins: { en: config.siteOrigins.en, 'zh-Hant': config.siteOrigins.hant },
    menus,
    findCoverImage: covers.findCoverImage,
    resolveStocks: analystDesk.resolveStocks,
    announceArticleChange: (keys) => articles.announceArticleChange(keys),
    recordChange: audit.recordChange,
  })
  const newsroom = createConsoleNewsroomService({ editing, covers, audit, timeZone })
  const members = createConsoleMembersService({
    db,
    clock,
    timeZone,
    accounts,
    ...memberCare,
    recordChange: audit.recordChange,
  })
  // Readers' analytics: counted by the firm's days (ADR 0016).
  const analytics = createAnalyticsService({ db, clock, timeZone })
  const siteAdmin = createConsoleSiteService({ db, ...site, recordChange: audit.recordChange })
  return { access, audit, newsroom, covers, analystDesk, members, analytics, siteAdmin }
}

export type ConsoleServices = ReturnType<typeof createConsoleServices>
