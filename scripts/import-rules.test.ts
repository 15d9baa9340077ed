import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkImports, countByRule, formatViolations } from './import-rules.ts'

/** The project's own `#app/*`, `#contracts/*`, `#server/*` aliases, so the miniature resolves as the tree does. */
const { imports } = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8'))

/**
 * The house in miniature, with every crossing the rules allow: the router context's type, *.server.ts files and
 * tests reaching into the server, foreign keys between tables, a named read model, a sub-room using its module's
 * repo, one module's service imported by another, test code crossing anything.
 */
const allowedTree: Record<string, string> = {
  'contracts/regions.ts': `export const locales = ['en', 'zh-Hant'] as const\n`,
  'contracts/regions.test.ts': `import { readConfig } from '#server/config.ts'\nexport const t = readConfig\n`,
  'app/request-context.ts':
    `import type { Services } from '#server/services.ts'\n` +
    `export const requestContext = { services: undefined as unknown as Services }\n`,
  'app/routes/home.tsx':
    `import { locales } from '#contracts/regions.ts'\nimport { requestContext } from '../request-context.ts'\n` +
    `import { homeSections } from '../features/home.server.ts'\nexport default [locales, requestContext, homeSections]\n`,
  'app/features/home.server.ts':
    `import { createChatService } from '#server/modules/chat/chat.service.ts'\n` +
    `export const homeSections = createChatService\n`,
  'app/features/home.test.ts': `import { AppError } from '#server/http/app-error.ts'\nexport const e = AppError\n`,
  'app/features/stocks/testing/fixture.ts': `import { diagnose } from '#server/modules/stocks/engine/diagnose.ts'\nexport const d = diagnose\n`,
  'server/config.ts': `export const readConfig = () => ({})\n`,
  'server/http/app-error.ts': `export class AppError extends Error {}\n`,
  'server/http/pages.ts':
    `import type { requestContext } from '#app/request-context.ts'\nimport { AppError } from './app-error.ts'\n` +
    `export type Context = typeof requestContext\nexport const e = AppError\n`,
  'server/kernel/reader.ts': `import { AppError } from '#server/http/app-error.ts'\nexport const r = AppError\n`,
  'server/text/render.ts': `export const render = (text: string) => text\n`,
  'server/file-reading/read.ts': `import { render } from '#server/text/render.ts'\nexport const read = render\n`,
  'server/providers/sms/sms.ts': `import { r } from '#server/kernel/reader.ts'\nexport const sms = r\n`,
  'server/services.ts':
    `import { createAccountsService } from './modules/accounts/accounts.service.ts'\n` +
    `import { createChatService } from './modules/chat/chat.service.ts'\n` +
    `export const services = { accounts: createAccountsService(), chat: createChatService() }\n` +
    `export type Services = typeof services\n`,
  'server/modules/accounts/accounts.sql.ts': `export const members = { id: 'members.id' }\n`,
  'server/modules/accounts/accounts.repo.ts': `import { members } from './accounts.sql.ts'\nexport const m = members\n`,
  'server/modules/accounts/accounts.service.ts':
    `import { r } from '#server/kernel/reader.ts'\nimport { m } from './accounts.repo.ts'\n` +
    `export const createAccountsService = () => ({ m, r })\n` +
    `export type AccountsService = ReturnType<typeof createAccountsService>\n`,
  'server/modules/accounts/accounts.routes.test.ts':
    `import { messages } from '#server/modules/chat/chat.repo.ts'\nimport { chatMessages } from '../chat/chat.sql.ts'\n` +
    `export const t = [messages, chatMessages]\n`,
  'server/modules/chat/chat.sql.ts': `import { members } from '../accounts/accounts.sql.ts'\nexport const chatMessages = { member: members.id }\n`,
  'server/modules/chat/chat.repo.ts': `import { chatMessages } from './chat.sql.ts'\nexport const messages = chatMessages\n`,
  'server/modules/chat/chat.service.ts':
    `import type { AccountsService } from '#server/modules/accounts/accounts.service.ts'\n` +
    `import { messages } from './chat.repo.ts'\nimport { files } from './files/chat-files.repo.ts'\n` +
    `export const createChatService = (accounts?: AccountsService) => ({ accounts, messages, files })\n`,
  'server/modules/chat/files/chat-files.sql.ts': `import { chatMessages } from '../chat.sql.ts'\nexport const chatFiles = { message: chatMessages.member }\n`,
  'server/modules/chat/files/chat-files.repo.ts':
    `import { messages } from '../chat.repo.ts'\nimport { chatFiles } from './chat-files.sql.ts'\n` +
    `export const files = [chatFiles, messages]\n`,
  'server/modules/expert/expert.service.ts':
    `import { createAccountsService } from '#server/modules/accounts/accounts.service.ts'\n` +
    `import { view } from './expert-views.read-model.ts'\nexport const createExpertService = () => [view, createAccountsService]\n`,
  'server/modules/expert/expert-views.read-model.ts':
    `import { members } from '#server/modules/accounts/accounts.sql.ts'\n` +
    `import { chatFiles } from '#server/modules/chat/files/chat-files.sql.ts'\nexport const view = [members, chatFiles]\n`,
  'server/modules/stocks/engine/diagnose.ts': `export const diagnose = () => 'hold'\n`,
}

const trees: string[] = []
afterAll(() => {
  for (const dir of trees) rmSync(dir, { recursive: true, force: true })
})

/** Writes the allowed tree with `changes` (new files, or lines added at the top of existing ones) and checks it. */
async function check(changes: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-rules-'))
  trees.push(dir)
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module', imports }))
  const files = { ...allowedTree }
  for (const [file, text] of Object.entries(changes)) files[file] = text + (files[file] ?? '')
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), text)
  }
  return checkImports(dir)
}

interface Crossing {
  crossing: string
  changes: Record<string, string>
  /** The one violation expected: its rule, the importing file and the imported one. */
  rule: string
  from: string
  to: string
}

describe('the import rules', () => {
  it('allow what the floors and the rooms allow', async () => {
    const { violations, files } = await check()
    expect(formatViolations(violations)).toBe('')
    expect(files).toBe(Object.keys(allowedTree).length)
  })

  it.each<Crossing>([
    {
      crossing: 'server → app at runtime',
      changes: {
        'server/http/error-handler.ts': `import { locales } from '#app/i18n/locales.ts'\n`,
        'app/i18n/locales.ts': `export const locales = {}\n`,
      },
      rule: 'server-to-app',
      from: 'server/http/error-handler.ts',
      to: 'app/i18n/locales.ts',
    },
    {
      crossing: 'server → app, a type other than the router context',
      changes: { 'server/http/pages.ts': `import type { Page } from '#app/routes/home.tsx'\n` },
      rule: 'server-to-app',
      from: 'server/http/pages.ts',
      to: 'app/routes/home.tsx',
    },
    {
      crossing: 'server → the router context at runtime',
      changes: { 'server/http/pages.ts': `import { requestContext as c } from '#app/request-context.ts'\n` },
      rule: 'server-to-app',
      from: 'server/http/pages.ts',
      to: 'app/request-context.ts',
    },
    {
      crossing: 'app → server at runtime outside *.server.ts',
      changes: {
        'app/features/stock-labels.ts': `import { diagnose } from '#server/modules/stocks/engine/diagnose.ts'\n`,
      },
      rule: 'app-to-server',
      from: 'app/features/stock-labels.ts',
      to: 'server/modules/stocks/engine/diagnose.ts',
    },
    {
      crossing: 'app → server, a type outside *.server.ts',
      changes: { 'app/routes/home.tsx': `import type { AppError } from '#server/http/app-error.ts'\n` },
      rule: 'app-to-server',
      from: 'app/routes/home.tsx',
      to: 'server/http/app-error.ts',
    },
    {
      crossing: 'the router context → server at runtime',
      changes: { 'app/request-context.ts': `import { readConfig } from '#server/config.ts'\n` },
      rule: 'app-to-server',
      from: 'app/request-context.ts',
      to: 'server/config.ts',
    },
    {
      crossing: 'contracts → server',
      changes: { 'contracts/regions.ts': `import type { AppError } from '#server/http/app-error.ts'\n` },
      rule: 'contracts-to-app-or-server',
      from: 'contracts/regions.ts',
      to: 'server/http/app-error.ts',
    },
    {
      crossing: 'contracts → app',
      changes: { 'contracts/regions.ts': `import { requestContext } from '#app/request-context.ts'\n` },
      rule: 'contracts-to-app-or-server',
      from: 'contracts/regions.ts',
      to: 'app/request-context.ts',
    },
    {
      crossing: "a repo → another module's repo",
      changes: {
        'server/modules/advisers/advisers.repo.ts': `import { m } from '../accounts/accounts.repo.ts'\n`,
      },
      rule: 'module-to-other-repo',
      from: 'server/modules/advisers/advisers.repo.ts',
      to: 'server/modules/accounts/accounts.repo.ts',
    },
    {
      crossing: "a service → another module's repo, types only",
      changes: {
        'server/modules/chat/chat.service.ts': `import type { m } from '#server/modules/accounts/accounts.repo.ts'\n`,
      },
      rule: 'module-to-other-repo',
      from: 'server/modules/chat/chat.service.ts',
      to: 'server/modules/accounts/accounts.repo.ts',
    },
    {
      crossing: "a read model → another module's repo",
      changes: {
        'server/modules/expert/expert.service.ts':
          `import { createAccountsService } from '#server/modules/accounts/accounts.service.ts'\n` +
          `import { view } from './expert-views.read-model.ts'\nexport const createExpertService = () => [view, createAccountsService]\n`,
        'server/modules/expert/expert-views.read-model.ts': `import { messages } from '#server/modules/chat/chat.repo.ts'\n`,
      },
      rule: 'module-to-other-repo',
      from: 'server/modules/expert/expert-views.read-model.ts',
      to: 'server/modules/chat/chat.repo.ts',
    },
    {
      crossing: "a service → another module's tables",
      changes: {
        'server/modules/strategies/strategies.service.ts': `import { members } from '../accounts/accounts.sql.ts'\n`,
      },
      rule: 'module-to-other-tables',
      from: 'server/modules/strategies/strategies.service.ts',
      to: 'server/modules/accounts/accounts.sql.ts',
    },
    {
      crossing: "a repo → a sub-room's tables of another module",
      changes: {
        'server/modules/strategies/strategies.repo.ts': `import { chatFiles } from '#server/modules/chat/files/chat-files.sql.ts'\n`,
      },
      rule: 'module-to-other-tables',
      from: 'server/modules/strategies/strategies.repo.ts',
      to: 'server/modules/chat/files/chat-files.sql.ts',
    },
    {
      crossing: 'the kernel → a module',
      changes: {
        'server/kernel/reader.ts': `import type { AccountsService } from '#server/modules/accounts/accounts.service.ts'\n`,
      },
      rule: 'kernel-to-modules',
      from: 'server/kernel/reader.ts',
      to: 'server/modules/accounts/accounts.service.ts',
    },
    {
      crossing: 'file reading → a module',
      changes: {
        'server/file-reading/read.ts': `import { messages } from '#server/modules/chat/chat.repo.ts'\n`,
      },
      rule: 'kernel-to-modules',
      from: 'server/file-reading/read.ts',
      to: 'server/modules/chat/chat.repo.ts',
    },
    {
      crossing: 'a provider → a module',
      changes: {
        'server/providers/sms/sms.ts': `import { createAccountsService } from '#server/modules/accounts/accounts.service.ts'\n`,
      },
      rule: 'provider-to-modules',
      from: 'server/providers/sms/sms.ts',
      to: 'server/modules/accounts/accounts.service.ts',
    },
    {
      crossing: 'product code → test code',
      changes: { 'app/routes/home.tsx': `import { d } from '../features/stocks/testing/fixture.ts'\n` },
      rule: 'runtime-to-test-code',
      from: 'app/routes/home.tsx',
      to: 'app/features/stocks/testing/fixture.ts',
    },
    {
      crossing: 'an import the check cannot resolve',
      changes: { 'server/config.ts': `import { x } from '#server/nowhere.ts'\n` },
      rule: 'unresolvable',
      from: 'server/config.ts',
      to: '#server/nowhere.ts',
    },
  ])('report $crossing', async ({ changes, rule, from, to }) => {
    const { violations } = await check(changes)
    expect(violations.map((violation) => [violation.rule, violation.from, violation.to])).toEqual([
      [rule, from, to],
    ])
  })

  it('report a runtime cycle between two modules, with the imports that close it', async () => {
    const { violations } = await check({
      'server/modules/accounts/accounts.service.ts': `import { messages } from '../chat/chat.repo.ts'\nexport const x = messages\n`,
      'server/modules/chat/chat.service.ts': `import { createAccountsService } from '#server/modules/accounts/accounts.service.ts'\n`,
    })
    expect(violations.map((violation) => violation.rule)).toEqual(['module-to-other-repo', 'module-cycle'])
    expect(violations[1]!.cycle).toEqual({
      members: ['server/modules/accounts', 'server/modules/chat'],
      imports: [
        'server/modules/accounts/accounts.service.ts → server/modules/chat/chat.repo.ts',
        'server/modules/chat/chat.service.ts → server/modules/accounts/accounts.service.ts',
        'server/modules/chat/chat.sql.ts → server/modules/accounts/accounts.sql.ts',
      ],
    })
  })

  it('report a cycle that runs through a sub-room and a file outside the modules', async () => {
    const { violations } = await check({
      'server/http/chat-links.ts': `import { files } from '#server/modules/chat/files/chat-files.repo.ts'\nexport const l = files\n`,
      'server/modules/accounts/accounts.service.ts': `import { l } from '#server/http/chat-links.ts'\nexport const y = l\n`,
      'server/modules/chat/files/chat-files.service.ts': `import { createAccountsService } from '../../accounts/accounts.service.ts'\nexport const f = createAccountsService\n`,
    })
    expect(countByRule(violations)).toEqual({ 'module-cycle': 1 })
    expect(violations[0]!.cycle).toEqual({
      members: ['server/http/chat-links.ts', 'server/modules/accounts', 'server/modules/chat'],
      imports: [
        'server/http/chat-links.ts → server/modules/chat/files/chat-files.repo.ts',
        'server/modules/accounts/accounts.service.ts → server/http/chat-links.ts',
        'server/modules/chat/chat.sql.ts → server/modules/accounts/accounts.sql.ts',
        'server/modules/chat/files/chat-files.service.ts → server/modules/accounts/accounts.service.ts',
      ],
    })
  })

  it('see no cycle where the way back is a type-only import or a test', async () => {
    const { violations } = await check({
      'server/modules/chat/chat.service.ts': `import { createAccountsService } from '#server/modules/accounts/accounts.service.ts'\n`,
      'server/modules/accounts/accounts.service.ts': `import type { createChatService } from '../chat/chat.service.ts'\n`,
      'server/modules/accounts/accounts.service.test.ts': `import { createChatService } from '../chat/chat.service.ts'\nexport const c = createChatService\n`,
    })
    expect(violations).toEqual([])
  })
})
