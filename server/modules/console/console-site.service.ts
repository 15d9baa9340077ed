/**
 * The site's administration (issue 14, "Site"; admins): site texts, header menu groups, redirects, contact channels
 * and the price catalogue. The rules of each are its module's (site-texts, navigation, redirects, billing); this
 * service runs each change in one transaction with its audit entry, and then tells every process that what readers
 * see changed — the channel that article changes travel (article-changes.ts), whose listeners drop the page cache,
 * the menus, the texts, the redirects and the contact channels they hold — so the public site shows it at once.
 */
import type { Currency } from '#contracts/billing-rules.ts'
import type { ConsoleActor } from '#contracts/console-rules.ts'
import type {
  ContactChannelsInput,
  MenuGroupInput,
  PriceParams,
  RedirectInput,
  SaveSiteTextRequest,
  SetPriceRequest,
  SiteTextParams,
} from '#contracts/console-site.ts'
import {
  amountTextOf,
  type ConsoleMenuGroup,
  type ConsolePrice,
  minorUnitsOfAmount,
  SiteAdminErrorCode,
  siteAuditActions,
  stripePriceIdPattern,
} from '#contracts/console-site-rules.ts'
import { type Db, inTransaction } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { ArticlesService } from '#server/modules/articles/articles.service.ts'
import type { BillingService } from '#server/modules/billing/billing.service.ts'
import type { NavigationService } from '#server/modules/navigation/navigation.service.ts'
import type { RedirectsService } from '#server/modules/redirects/redirects.service.ts'
import type { ContactChannelsService } from '#server/modules/site-texts/contact-channels.service.ts'
import type { SiteTextsService } from '#server/modules/site-texts/site-texts.service.ts'
import type { AuditWriter } from './console-audit.service.ts'

/** A price as billing's service hands it out (billing's row; its repo is billing's own). */
type PriceRow = Awaited<ReturnType<BillingService['listAllPrices']>>[number]

function consolePriceOf(row: PriceRow): ConsolePrice {
  return {
    tier: row.tier,
    period: row.period,
    currency: row.currency,
    amountMinor: row.amountMinor,
    amount: amountTextOf(row.amountMinor, row.currency as Currency),
    stripePriceId: row.stripePriceId,
    isDefault: row.isDefault,
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function createConsoleSiteService({
  db,
  siteTexts,
  navigation,
  redirects,
  contactChannels,
  billing,
  articles,
  recordChange,
}: {
  db: Db
  siteTexts: Pick<
    SiteTextsService,
    'listSiteTextSummaries' | 'getEditableSiteText' | 'saveSiteText' | 'dropHeldTexts'
  >
  navigation: Pick<
    NavigationService,
    | 'listConsoleMenu'
    | 'createMenuGroup'
    | 'updateConsoleMenuGroup'
    | 'reorderMenuGroups'
    | 'removeMenuGroup'
    | 'dropHeldMenus'
  >
  redirects: Pick<
    RedirectsService,
    'listRedirects' | 'addRedirect' | 'changeRedirect' | 'removeRedirect' | 'dropHeldRules'
  >
  contactChannels: Pick<
    ContactChannelsService,
    'describeContactChannels' | 'saveContactChannels' | 'dropHeldChannels'
  >
  billing: Pick<BillingService, 'listAllPrices' | 'setPrice'>
  /** The word of changes readers see, between processes; and which article keys exist (a group's choices). */
  articles: Pick<ArticlesService, 'announceArticleChange' | 'findExistingArticleKeys'>
  recordChange: AuditWriter
}) {
  /**
   * After the commit: this process forgets what it holds (also when no listener is wired, e.g. a test's service),
   * and every process hears of it.
   */
  async function announceSiteChange(): Promise<void> {
    siteTexts.dropHeldTexts()
    navigation.dropHeldMenus()
    redirects.dropHeldRules()
    contactChannels.dropHeldChannels()
    await articles.announceArticleChange([])
  }

  /**
   * A change readers see: made and audited in one transaction, then announced. `work` makes it and says what the
   * audit entry records (`before`/`after`) and what the caller gets back (`result`).
   */
  async function changeSite<T>(
    actor: ConsoleActor,
    action: string,
    entity: string,
    work: (tx: Db) => Promise<{ entityId: string; before: unknown; after: unknown; result: T }>,
  ): Promise<T> {
    const result = await inTransaction(db, async (tx) => {
      const change = await work(tx)
      await recordChange(
        { actor, action, entity, entityId: change.entityId, before: change.before, after: change.after },
        tx,
      )
      return change.result
    })
    await announceSiteChange()
    return result
  }

  // ——— Site texts ———

  function saveSiteText({ key, locale }: SiteTextParams, input: SaveSiteTextRequest, actor: ConsoleActor) {
    return changeSite(actor, siteAuditActions.siteTextSave, 'site_text', async (tx) => {
      const change = await siteTexts.saveSiteText(key, locale, input, tx)
      return { entityId: `${key}:${locale}`, ...change, result: change.after }
    })
  }

  // ——— Header menu ———

  /** Every article key named must be an article's (its state aside: a draft is listed once published). */
  async function checkArticleKeys(keys: readonly string[]): Promise<void> {
    const existing = await articles.findExistingArticleKeys([...new Set(keys)])
    const unknown = keys.findIndex((key) => !existing.has(key))
    if (unknown >= 0)
      throw new AppError('invalid', SiteAdminErrorCode.menuArticleUnknown, {
        fields: [{ field: `articleKeys.${unknown}`, code: SiteAdminErrorCode.menuArticleUnknown }],
      })
  }

  async function groupOf(key: string): Promise<ConsoleMenuGroup> {
    const group = (await navigation.listConsoleMenu()).find((item) => item.key === key)
    if (!group) throw new AppError('not_found', SiteAdminErrorCode.menuGroupNotFound)
    return group
  }

  async function createMenuGroup(input: MenuGroupInput, actor: ConsoleActor): Promise<ConsoleMenuGroup> {
    await checkArticleKeys(input.articleKeys)
    const created = await changeSite(actor, siteAuditActions.menuGroupCreate, 'menu_group', async (tx) => {
      const group = await navigation.createMenuGroup(input, tx)
      return { entityId: group.key, before: null, after: group, result: group }
    })
    return groupOf(created.key)
  }

  async function updateMenuGroup(
    key: string,
    input: MenuGroupInput,
    actor: ConsoleActor,
  ): Promise<ConsoleMenuGroup> {
    await checkArticleKeys(input.articleKeys)
    await changeSite(actor, siteAuditActions.menuGroupUpdate, 'menu_group', async (tx) => {
      const change = await navigation.updateConsoleMenuGroup(key, input, tx)
      return { entityId: key, ...change, result: undefined }
    })
    return groupOf(key)
  }

  async function reorderMenuGroups(
    keys: readonly string[],
    actor: ConsoleActor,
  ): Promise<ConsoleMenuGroup[]> {
    await changeSite(actor, siteAuditActions.menuGroupReorder, 'menu_group', async (tx) => {
      const change = await navigation.reorderMenuGroups(keys, tx)
      return { entityId: 'order', ...change, result: undefined }
    })
    return navigation.listConsoleMenu()
  }

  async function deleteMenuGroup(key: string, actor: ConsoleActor): Promise<{ deleted: true }> {
    await changeSite(actor, siteAuditActions.menuGroupDelete, 'menu_group', async (tx) => {
      const before = await navigation.removeMenuGroup(key, tx)
      return { entityId: key, before, after: null, result: undefined }
    })
    return { deleted: true }
  }

  // ——— Redirects ———

  function addRedirect(input: RedirectInput, actor: ConsoleActor) {
    return changeSite(actor, siteAuditActions.redirectCreate, 'redirect', async (tx) => {
      const rule = await redirects.addRedirect(input, tx)
      return { entityId: rule.fromPath, before: null, after: rule, result: rule }
    })
  }

  function changeRedirect(fromPath: string, input: RedirectInput, actor: ConsoleActor) {
    return changeSite(actor, siteAuditActions.redirectUpdate, 'redirect', async (tx) => {
      const change = await redirects.changeRedirect(fromPath, input, tx)
      return { entityId: change.before.fromPath, ...change, result: change.after }
    })
  }

  async function deleteRedirect(fromPath: string, actor: ConsoleActor): Promise<{ deleted: true }> {
    await changeSite(actor, siteAuditActions.redirectDelete, 'redirect', async (tx) => {
      const before = await redirects.removeRedirect(fromPath, tx)
      return { entityId: before.fromPath, before, after: null, result: undefined }
    })
    return { deleted: true }
  }

  // ——— Contact channels ———

  function saveContactChannels(input: ContactChannelsInput, actor: ConsoleActor) {
    return changeSite(actor, siteAuditActions.contactSave, 'contact', async (tx) => {
      const change = await contactChannels.saveContactChannels(input, tx)
      return { entityId: 'channels', ...change, result: change.after }
    })
  }

  // ——— Price catalogue ———

  async function listPrices(): Promise<ConsolePrice[]> {
    return (await billing.listAllPrices()).map(consolePriceOf)
  }

  /** The ops command's `prices:set`, with the console's checks: an amount in the currency's units, a Stripe id. */
  async function setPrice(
    params: PriceParams,
    input: SetPriceRequest,
    actor: ConsoleActor,
  ): Promise<ConsolePrice> {
    const amountMinor = minorUnitsOfAmount(input.amount, params.currency)
    if (amountMinor === null)
      throw new AppError('invalid', SiteAdminErrorCode.priceAmountInvalid, {
        fields: [{ field: 'amount', code: SiteAdminErrorCode.priceAmountInvalid }],
      })
    const stripePriceId = input.stripePriceId
    if (stripePriceId !== null && !stripePriceIdPattern.test(stripePriceId))
      throw new AppError('invalid', SiteAdminErrorCode.priceStripeIdInvalid, {
        fields: [{ field: 'stripePriceId', code: SiteAdminErrorCode.priceStripeIdInvalid }],
      })
    const prices = await billing.listAllPrices()
    const isSame = (row: PriceRow) =>
      row.tier === params.tier && row.period === params.period && row.currency === params.currency
    if (stripePriceId && prices.some((row) => row.stripePriceId === stripePriceId && !isSame(row)))
      throw new AppError('conflict', SiteAdminErrorCode.priceStripeIdTaken)
    const previous = prices.find(isSame)
    const entityId = `${params.tier}:${params.period}:${params.currency}`
    // The plans page shows prices; pages cached with the old ones go (changeSite announces it).
    return changeSite(actor, siteAuditActions.priceSet, 'price', async (tx) => {
      const row = await billing.setPrice({ ...params, amountMinor, stripePriceId }, tx)
      const after = consolePriceOf(row)
      return { entityId, before: previous ? consolePriceOf(previous) : null, after, result: after }
    })
  }

  return {
    listSiteTexts: siteTexts.listSiteTextSummaries,
    getSiteText: ({ key, locale }: SiteTextParams) => siteTexts.getEditableSiteText(key, locale),
    saveSiteText,
    listMenuGroups: () => navigation.listConsoleMenu(),
    createMenuGroup,
    updateMenuGroup,
    reorderMenuGroups,
    deleteMenuGroup,
    listRedirects: redirects.listRedirects,
    addRedirect,
    changeRedirect,
    deleteRedirect,
    getContactChannels: contactChannels.describeContactChannels,
    saveContactChannels,
    listPrices,
    setPrice,
  }
}

export type ConsoleSiteService = ReturnType<typeof createConsoleSiteService>
