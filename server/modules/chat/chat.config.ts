/**
 * The chat's slice of the configuration: which assistant answers (the embedded offline one, or a model behind an
 * OpenAI-compatible endpoint), the model's bounds, the per-address rate of questions, and the limits of uploads and
 * of reading uploaded files. Refuses `openai` without an endpoint and a model name; the daily and monthly
 * allowances are the quotas module's (QUOTA_CHAT_*, QUOTA_UPLOAD_*).
 */
import { z } from 'zod'
import { ConfigError } from '#server/config/config-error.ts'
import { type EnvOf, optionalText, optionalUrl } from '#server/config/env-values.ts'

export const chatEnv = {
  /**
   * The AI chat's assistant (server/modules/chat): `offline` (embedded, no model: answers from templates over the same
   * tools) or `openai` (any OpenAI-compatible Chat Completions endpoint: OpenAI, Ollama, vLLM, LM Studio).
   */
  CHAT_PROVIDER: z.enum(['offline', 'openai']).default('offline'),
  CHAT_MODEL_BASE_URL: optionalUrl,
  CHAT_MODEL_API_KEY: optionalText,
  CHAT_MODEL_NAME: optionalText,
  /**
   * Longest the model may stay silent: until the first piece of each step's answer, between two pieces, and for one
   * tool call (a step is one model call between tool calls). A slow model that keeps writing is not cut.
   */
  CHAT_MODEL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(60_000),
  /** Longest one whole answer may take, every step and tool call included. */
  CHAT_MODEL_TOTAL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(1_800_000).default(300_000),
  /** Most model calls one answer may make (tool calls between them). */
  CHAT_MAX_STEPS: z.coerce.number().int().min(1).max(20).default(6),
  /** Questions per client address and minute (the quota counts answers; this stops bursts). */
  CHAT_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  CHAT_SEARCH_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Upload requests per client address and minute (the `upload` quota counts files; this stops bursts). */
  CHAT_UPLOAD_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * Longest an upload into the reader's own conversation may take (a 50 MB file on a slow phone), as long as it keeps
   * CHAT_UPLOAD_MIN_BYTES_PER_SECOND; until the conversation is known to be theirs, and for every other request,
   * HTTP_REQUEST_TIMEOUT_MS.
   */
  CHAT_UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(10_000).max(3_600_000).default(600_000),
  /**
   * Least an authorised upload must bring, in bytes a second over each HTTP_REQUEST_TIMEOUT_MS: below it the upload is
   * cut (408 CHAT_UPLOAD_TOO_SLOW). 8 KB/s is slower than a weak 3G uplink; a stalled or trickling upload is cut
   * within two windows instead of holding its connection for CHAT_UPLOAD_TIMEOUT_MS.
   */
  CHAT_UPLOAD_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(1).default(8_192),
  /** Longest the text of one uploaded file may take to read (its reading process is stopped after that). */
  CHAT_FILE_READ_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /**
   * Reading processes that read uploaded files (PDF, Office, OCR) at once, per server process: each a child process
   * (server/file-reading/CONTEXT.md), reading one file at a time.
   */
  CHAT_FILE_READ_WORKERS: z.coerce.number().int().min(1).max(32).default(1),
  /**
   * Memory (resident, in MB) one reading process may use; past it the reading is stopped and the file refused as too
   * big to read (CHAT_FILE_TOO_BIG_TO_READ). Its V8 heap gets three quarters of it.
   */
  CHAT_FILE_READ_MEMORY_MB: z.coerce.number().int().min(128).max(16_384).default(512),
}

type ChatEnvValues = EnvOf<typeof chatEnv>

/** The slice the chat variables fill in `Config`. */
export interface ChatSlice {
  chat: ChatConfig
}

export interface ChatConfig {
  provider: ChatEnvValues['CHAT_PROVIDER']
  /** The OpenAI-compatible endpoint; set when provider is `openai`. */
  model: { baseUrl: string; apiKey: string | undefined; name: string } | null
  /** Silence allowed: before the first output of a step, between outputs, and per tool call. */
  timeoutMs: number
  /** The whole answer's cap. */
  totalTimeoutMs: number
  maxSteps: number
  questionsPerMinute: number
  /** Searches of the reader's own conversations per client address and minute. */
  searchesPerMinute: number
  files: {
    uploadsPerMinute: number
    uploadTimeoutMs: number
    uploadMinBytesPerSecond: number
    readTimeoutMs: number
    readWorkers: number
    readMemoryMb: number
  }
}

export function chatConfigOf(e: ChatEnvValues): ChatSlice {
  if (e.CHAT_PROVIDER === 'openai' && !(e.CHAT_MODEL_BASE_URL && e.CHAT_MODEL_NAME)) {
    throw new ConfigError('CHAT_MODEL_BASE_URL and CHAT_MODEL_NAME are required when CHAT_PROVIDER=openai')
  }
  const model =
    e.CHAT_PROVIDER === 'openai' && e.CHAT_MODEL_BASE_URL && e.CHAT_MODEL_NAME
      ? { baseUrl: e.CHAT_MODEL_BASE_URL, apiKey: e.CHAT_MODEL_API_KEY, name: e.CHAT_MODEL_NAME }
      : null
  return {
    chat: {
      provider: e.CHAT_PROVIDER,
      model,
      timeoutMs: e.CHAT_MODEL_TIMEOUT_MS,
      totalTimeoutMs: e.CHAT_MODEL_TOTAL_TIMEOUT_MS,
      maxSteps: e.CHAT_MAX_STEPS,
      questionsPerMinute: e.CHAT_RATE_PER_MINUTE,
      searchesPerMinute: e.CHAT_SEARCH_RATE_PER_MINUTE,
      files: {
        uploadsPerMinute: e.CHAT_UPLOAD_RATE_PER_MINUTE,
        uploadTimeoutMs: e.CHAT_UPLOAD_TIMEOUT_MS,
        uploadMinBytesPerSecond: e.CHAT_UPLOAD_MIN_BYTES_PER_SECOND,
        readTimeoutMs: e.CHAT_FILE_READ_TIMEOUT_MS,
        readWorkers: e.CHAT_FILE_READ_WORKERS,
        readMemoryMb: e.CHAT_FILE_READ_MEMORY_MB,
      },
    },
  }
}
