/**
 * Turns anything thrown while answering an API call into the envelope (spec §7, §8): a service error (AppError,
 * recognised by its shape like everywhere else: contracts/service-error.ts) by its kind, contract (zod) failures as
 * field errors, Fastify's own 4xx as they are, everything else as a logged 500 with a generic message. The message
 * is in the caller's language (the `Lang` header); the page may translate `error`.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ZodError } from 'zod'
import { CommonErrorCode, type Failure, type FieldError } from '#contracts/envelope.ts'
import enErrors from '#contracts/messages/en/errors.json' with { type: 'json' }
import zhErrors from '#contracts/messages/zh-Hant/errors.json' with { type: 'json' }
import { type Locale, localeFromLangHeader } from '#contracts/regions.ts'
import { rateLimitedMessageCode, retryAfterSecondsOf, retryWaitOf } from '#contracts/retry-wait.ts'
import { isServiceError } from '#contracts/service-error.ts'
import { type AppError, httpStatusOfKind } from './app-error.ts'

const messages: Record<Locale, Record<string, string>> = { en: enErrors, 'zh-Hant': zhErrors }
const pluralRules: Record<Locale, Intl.PluralRules> = {
  en: new Intl.PluralRules('en'),
  'zh-Hant': new Intl.PluralRules('zh-Hant'),
}

const numberFormats: Record<Locale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en'),
  'zh-Hant': new Intl.NumberFormat('zh-Hant'),
}

/**
 * A message by code; with a numeric `count`, its plural form by the language's rule (`<code>_one`, `<code>_other`),
 * as the pages' translator (app/i18n/i18n.ts) chooses it.
 */
export function translateErrorCode(
  code: string,
  locale: Locale,
  params?: Record<string, string | number>,
): string {
  const count = params?.count
  const plural =
    typeof count === 'number' ? messages[locale][`${code}_${pluralRules[locale].select(count)}`] : undefined
  const template = plural ?? messages[locale][code] ?? messages[locale][CommonErrorCode.internal] ?? code
  return template.replace(/\{\{(\w+)(, *number)?\}\}/g, (_, name: string, asNumber?: string) => {
    const value = params?.[name]
    // `{{max, number}}`, as the pages' translator writes it: 2,500 in both languages.
    return asNumber && typeof value === 'number' ? numberFormats[locale].format(value) : String(value ?? '')
  })
}

export function isKnownErrorCode(code: string): boolean {
  return code in messages.en
}

export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers.lang
  return localeFromLangHeader(Array.isArray(header) ? header[0] : header)
}

export function failure(status: number, code: string, locale: Locale, extra: FailureExtra = {}): Failure {
  // A field error's own sentence says more than "wrong format"; show the first one as the message.
  const firstField = extra.fields?.find((f) => isKnownErrorCode(f.code))
  const message = translateErrorCode(firstField?.code ?? extra.messageCode ?? code, locale, extra.params)
  return { code: status, data: null, error: code, message, ...(extra.fields ? { fields: extra.fields } : {}) }
}

export interface FailureExtra {
  fields?: FieldError[]
  params?: Record<string, string | number>
  /** The message's own code when it says more than the error code's (the wait of a 429); `error` stays `code`. */
  messageCode?: string
}

/** Sends a failure envelope; the stable code also travels in `x-error-code`, which survives the browser client
 * discarding error bodies (spec §8, ADR 0004). */
export function sendFailure(
  reply: FastifyReply,
  status: number,
  code: string,
  locale: Locale,
  extra: FailureExtra = {},
) {
  const body = failure(status, code, locale, extra)
  const firstField = extra.fields?.find((f) => isKnownErrorCode(f.code))
  return reply
    .status(status)
    .header('x-error-code', firstField?.code ?? code)
    .send(body)
}

export function fieldErrorsOf(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    code: isKnownErrorCode(issue.message) ? issue.message : CommonErrorCode.validationFailed,
  }))
}

/** A per-route limit's 429 says how long to wait: the `retry-after` @fastify/rate-limit set, in words. */
function rateLimitedWaitOf(reply: FastifyReply): FailureExtra {
  const wait = retryWaitOf(retryAfterSecondsOf(reply.getHeader('retry-after')))
  return wait ? { messageCode: rateLimitedMessageCode[wait.unit], params: { count: wait.count } } : {}
}

export function registerErrorHandling(api: FastifyInstance): void {
  api.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const locale = requestLocale(request)
    if (isServiceError(error)) {
      const status = httpStatusOfKind[error.kind]
      if (status >= 500) request.log.error({ err: error }, 'service unavailable')
      // What an AppError may carry besides the floor's shape.
      const { fields, params } = error as Partial<AppError>
      const extra = {
        ...(fields ? { fields } : {}),
        ...(params ? { params } : {}),
      }
      return sendFailure(reply, status, error.code, locale, extra)
    }
    if (error instanceof ZodError) {
      return sendFailure(reply, 400, CommonErrorCode.validationFailed, locale, {
        fields: fieldErrorsOf(error),
      })
    }
    const status = (error as FastifyError).statusCode ?? 500
    if (status === 429)
      return sendFailure(reply, 429, CommonErrorCode.rateLimited, locale, rateLimitedWaitOf(reply))
    if (status === 413) return sendFailure(reply, 413, CommonErrorCode.payloadTooLarge, locale)
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'rejected request')
      return sendFailure(reply, status, CommonErrorCode.validationFailed, locale)
    }
    request.log.error({ err: error }, 'request failed')
    return sendFailure(reply, 500, CommonErrorCode.internal, locale)
  })
  api.setNotFoundHandler((request, reply) => {
    sendFailure(reply, 404, CommonErrorCode.notFound, requestLocale(request))
  })
}
