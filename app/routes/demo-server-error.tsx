/**
 * Part of the design-system gallery: a live server failure, so the 500 screen and its status can be checked on a
 * running site. Only in the develop environment; elsewhere the path does not exist.
 */
import { data } from 'react-router'
import { requestContext } from '#app/request-context.ts'
import type { Route } from './+types/demo-server-error.ts'

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(requestContext)
  if (config.appEnv !== 'develop') throw data({ reason: 'not-found' }, { status: 404 })
  throw new Error('Deliberate failure from the design-system gallery')
}

export default function DemoServerError() {
  return null
}
