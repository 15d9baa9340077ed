/**
 * Server render: streams the page with the reader's language and the request's CSP nonce. Bots get the whole
 * document at once (onAllReady) so crawlers see complete articles.
 */
import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router'
import { TranslatorProvider } from '#app/i18n/use-translation.tsx'
import { loadDeferredParts } from './components/deferred-hydration.tsx'
import { getServerTranslator } from './i18n/translator.server.ts'
import { NonceProvider } from './nonce.tsx'
import { type RequestContext, requestContext } from './request-context.ts'

/** The host reads the context key from the build, so both use the same object (server/http/pages.ts). */
export { requestContext }

export const streamTimeout = 5_000

/**
 * A loader or action that failed: logged through the request's logger (with its request id, and database errors
 * without their query values: server/http/log-serializers.ts), not React Router's default console.error of the
 * whole error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  // A thrown non-Response error arrives wrapped in a 500 route error response; log what was thrown.
  const wrapped = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined
  const cause = wrapped ?? error
  let log: RequestContext['log'] | undefined
  try {
    log = (context as RouterContextProvider | undefined)?.get(requestContext).log
  } catch {
    // No request context (the host did not fill it): nothing to log with but the console.
  }
  if (log) log.error({ err: cause }, 'page data failed')
  else console.error(`page data failed: ${cause instanceof Error ? cause.name : typeof cause}`)
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  // Parts the browser hydrates later are drawn by the server at once (components/deferred-hydration.tsx).
  await loadDeferredParts()
  const { locale, cspNonce, log } = loadContext.get(requestContext)
  const translator = getServerTranslator(locale)
  const userAgent = request.headers.get('user-agent')
  const waitForAll = (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    let statusCode = responseStatusCode
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={cspNonce}>
        <TranslatorProvider translator={translator}>
          <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />
        </TranslatorProvider>
      </NonceProvider>,
      {
        nonce: cspNonce,
        // A finished Suspense boundary (a deferred part) stays where it is in the HTML. Past 12.8 kB of page React
        // would otherwise move large ones to the end behind a script, unseen by a reader or crawler without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout)
              callback()
            },
          })
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          pipe(body)
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: statusCode,
            }),
          )
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          statusCode = 500
          if (shellRendered) log.error({ err: error }, 'streaming render failed')
        },
      },
    )
    const timeout = setTimeout(abort, streamTimeout + 1000)
  })
}
