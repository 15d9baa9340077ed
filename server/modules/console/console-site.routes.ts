/**
 * The site's administration calls (contracts/console-site.ts): site texts, header menu groups, redirects, contact
 * channels and the price catalogue. Admins only. A stale site-text save answers 409 with the stored text
 * (`current`), as a stale article save does, so the admin compares instead of losing work.
 */
import type { FastifyError, FastifyInstance } from 'fastify'
import {
  ContactChannelsInput,
  MenuGroupInput,
  MenuGroupParams,
  MenuOrderRequest,
  PriceParams,
  RedirectInput,
  RedirectQuery,
  SaveSiteTextRequest,
  SetPriceRequest,
  SiteTextParams,
  siteAdminRoles,
} from '#contracts/console-site.ts'
import { SiteAdminErrorCode } from '#contracts/console-site-rules.ts'
import { ok } from '#contracts/envelope.ts'
import { isServiceError } from '#contracts/service-error.ts'
import { failure, requestLocale } from '#server/http/error-handler.ts'
import { actorOf } from '#server/kernel/console-staff.ts'
import type { SiteTextStaleError } from '#server/modules/site-texts/site-texts.service.ts'
import type { ConsoleSiteService } from './console-site.service.ts'

const admins = { consoleRoles: siteAdminRoles }

export function registerConsoleSiteRoutes(api: FastifyInstance, service: ConsoleSiteService): void {
  void api.register(async (site) => {
    answerStaleTextsWithTheCurrentOne(site)

    site.get('/site/texts', { config: admins }, async () => ok(await service.listSiteTexts()))

    site.get('/site/texts/:key/:locale', { config: admins }, async (request) =>
      ok(await service.getSiteText(SiteTextParams.parse(request.params))),
    )

    site.put('/site/texts/:key/:locale', { config: admins }, async (request) => {
      const params = SiteTextParams.parse(request.params)
      const input = SaveSiteTextRequest.parse(request.body ?? {})
      return ok(await service.saveSiteText(params, input, actorOf(request.consoleMember)))
    })

    site.get('/site/menu-groups', { config: admins }, async () => ok(await service.listMenuGroups()))

    site.post('/site/menu-groups', { config: admins }, async (request) =>
      ok(
        await service.createMenuGroup(
          MenuGroupInput.parse(request.body ?? {}),
          actorOf(request.consoleMember),
        ),
      ),
    )

    site.put('/site/menu-groups/:key', { config: admins }, async (request) => {
      const { key } = MenuGroupParams.parse(request.params)
      const input = MenuGroupInput.parse(request.body ?? {})
      return ok(await service.updateMenuGroup(key, input, actorOf(request.consoleMember)))
    })

    site.delete('/site/menu-groups/:key', { config: admins }, async (request) => {
      const { key } = MenuGroupParams.parse(request.params)
      return ok(await service.deleteMenuGroup(key, actorOf(request.consoleMember)))
    })

    site.put('/site/menu-order', { config: admins }, async (request) => {
      const { keys } = MenuOrderRequest.parse(request.body ?? {})
      return ok(await service.reorderMenuGroups(keys, actorOf(request.consoleMember)))
    })

    site.get('/site/redirects', { config: admins }, async () => ok(await service.listRedirects()))

    site.post('/site/redirects', { config: admins }, async (request) =>
      ok(await service.addRedirect(RedirectInput.parse(request.body ?? {}), actorOf(request.consoleMember))),
    )

    site.put('/site/redirects', { config: admins }, async (request) => {
      const { from } = RedirectQuery.parse(request.query ?? {})
      const input = RedirectInput.parse(request.body ?? {})
      return ok(await service.changeRedirect(from, input, actorOf(request.consoleMember)))
    })

    site.delete('/site/redirects', { config: admins }, async (request) => {
      const { from } = RedirectQuery.parse(request.query ?? {})
      return ok(await service.deleteRedirect(from, actorOf(request.consoleMember)))
    })

    site.get('/site/contact', { config: admins }, async () => ok(await service.getContactChannels()))

    site.put('/site/contact', { config: admins }, async (request) =>
      ok(
        await service.saveContactChannels(
          ContactChannelsInput.parse(request.body ?? {}),
          actorOf(request.consoleMember),
        ),
      ),
    )

    site.get('/site/prices', { config: admins }, async () => ok(await service.listPrices()))

    site.put('/site/prices/:tier/:period/:currency', { config: admins }, async (request) => {
      const params = PriceParams.parse(request.params)
      const input = SetPriceRequest.parse(request.body ?? {})
      return ok(await service.setPrice(params, input, actorOf(request.consoleMember)))
    })
  })
}

/**
 * A save on an old version of a text: the 409 envelope carries the stored one (`current`). The site texts'
 * SiteTextStaleError is recognised by its shape and code (contracts/service-error.ts), not by its class.
 */
function answerStaleTextsWithTheCurrentOne(site: FastifyInstance): void {
  const answerOthers = site.errorHandler
  site.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (!isServiceError(error, 'conflict') || error.code !== SiteAdminErrorCode.siteTextStale)
      return answerOthers.call(site, error as FastifyError, request, reply)
    const { code, current } = error as SiteTextStaleError
    return reply
      .status(409)
      .header('x-error-code', code)
      .send({ ...failure(409, code, requestLocale(request)), current })
  })
}
