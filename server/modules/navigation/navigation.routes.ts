import type { FastifyInstance } from 'fastify'
import { ok } from '#contracts/envelope.ts'
import { requestLocale } from '#server/http/error-handler.ts'
import type { NavigationService } from './navigation.service.ts'

export function registerNavigationRoutes(api: FastifyInstance, navigation: NavigationService): void {
  api.get('/home/listMenu', async (request) => ok(await navigation.listMenu(requestLocale(request))))
}
