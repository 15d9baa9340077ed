/**
 * Server render: streams the page with the reader's language and the request's CSP nonce. Bots get the whole
 * document at once (onAllReady) so crawlers see complete articles.
 */
import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { type EntryContext, type RouterContextProvider, ServerRouter } from 'react-router'
import { getServerTranslator } from './i18n/translator.server.ts'
import { NonceProvider } from './nonce.tsx'
import { requestContext } from './request-context.ts'

/** The host reads the context key from the build, so both use the same object (server/http/pages.ts). */
export { requestContext }

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const { locale, cspNonce, log } = loadContext.get(requestContext)
  const translator = getServerTranslator(locale)
  const userAgent = request.headers.get('user-agent')
  const waitForAll = (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    let statusCode = responseStatusCode
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={cspNonce}>
        <I18nextProvider i18n={translator}>
          <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce: cspNonce,
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
