/**
 * The tables of a module's functions in its CONTEXT.md (and in any CONTEXT.md under server/) name functions that
 * exist. A table is one whose first column is "Function" or "Service function". A row names its functions in
 * backticks (`findArticles`, `getReaderState(reader, client)` / `getBillingState(…)`, `newsroom.listRevisions /
 * getRevision`); with a "File" column, each must be defined in a file that cell names (as a function, a variable
 * or a member of an object or class, e.g. the object a create…Service returns). Without one, each must be a
 * function of the running service: the one a prefix names (`access.describeMe` → `services.console.access`,
 * `analystDesk.listPicks` → `services.analystDesk`), else the module's own (server/modules/chat/files →
 * `services.chatFiles`).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseFileSync } from '@swc/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Services } from './services.ts'
import { createTestRuntime, type TestRuntime } from './testing/test-runtime.ts'

const root = path.resolve(import.meta.dirname, '..')

interface NamedFunction {
  /** The CONTEXT.md (from the project's root) and the table row's line in it. */
  doc: string
  line: number
  name: string
  /** The service a prefix names (`newsroom` of `newsroom.saveArticle`). */
  prefix?: string
  /** The files the row's File cell names, from the project's root. */
  files?: string[]
}

function contextFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const child = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : contextFiles(child)
    return entry.name === 'CONTEXT.md' ? [child] : []
  })
}

/** A table row's cells; `\|` is a pipe inside a cell. */
function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim())
}

/** Drops what a name is called with: `grantSubscription({ memberId }, { tx? })` → `grantSubscription`. */
function withoutArguments(text: string): string {
  let depth = 0
  let kept = ''
  for (const character of text) {
    if (character === '(') depth += 1
    if (depth === 0) kept += character
    if (character === ')') depth = Math.max(0, depth - 1)
  }
  return kept
}

/** The functions a row's first cell names, each with the service prefix in force (it carries to the next names). */
function namesInCell(cell: string): { name: string; prefix?: string }[] {
  const names: { name: string; prefix?: string }[] = []
  let prefix: string | undefined
  for (const [, span] of cell.matchAll(/`([^`]+)`/g)) {
    for (const part of withoutArguments(span!).split('/')) {
      const match = /^(?:([a-z][A-Za-z]*)\.)?([a-z][A-Za-z0-9]*)$/.exec(part.trim())
      if (!match) continue
      prefix = match[1] ?? prefix
      names.push(prefix ? { name: match[2]!, prefix } : { name: match[2]! })
    }
  }
  return names
}

function readFunctionTables(doc: string, text: string): NamedFunction[] {
  const lines = text.split('\n')
  const named: NamedFunction[] = []
  for (let index = 0; index < lines.length - 1; index += 1) {
    const isTable = lines[index]!.startsWith('|') && /^\|\s*:?-/.test(lines[index + 1]!)
    if (!isTable) continue
    const header = cellsOf(lines[index]!)
    const fileColumn = header.indexOf('File')
    let row = index + 2
    for (; row < lines.length && lines[row]!.startsWith('|'); row += 1) {
      if (!/^(service )?function$/i.test(header[0]!)) continue
      const cells = cellsOf(lines[row]!)
      const files =
        fileColumn >= 0
          ? [...(cells[fileColumn] ?? '').matchAll(/[\w./-]+\.tsx?\b/g)].map(([file]) =>
              path.posix.join(path.posix.dirname(doc), file),
            )
          : undefined
      for (const { name, prefix } of namesInCell(cells[0]!)) {
        named.push({ doc, line: row + 1, name, ...(prefix ? { prefix } : {}), ...(files ? { files } : {}) })
      }
    }
    index = row
  }
  return named
}

interface SwcName {
  type?: string
  value?: string
}
interface SwcNode {
  type?: string
  identifier?: SwcName
  id?: SwcName
  key?: SwcName
  properties?: unknown
}

/** What a file defines by name: functions, variables, members of objects and classes. */
function definedNames(file: string): Set<string> {
  const names = new Set<string>()
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item)
      return
    }
    if (typeof node !== 'object' || node === null) return
    const { type, identifier, id, key, properties } = node as SwcNode
    if (type === 'FunctionDeclaration' && identifier?.value) names.add(identifier.value)
    if (type === 'VariableDeclarator' && id?.type === 'Identifier' && id.value) names.add(id.value)
    const isMember = ['KeyValueProperty', 'MethodProperty', 'GetterProperty', 'ClassMethod', 'ClassProperty']
    if (isMember.includes(type ?? '') && key?.type === 'Identifier' && key.value) names.add(key.value)
    // `{ findArticles }`: a shorthand property is an identifier among the object's properties.
    if (type === 'ObjectExpression' && Array.isArray(properties)) {
      for (const property of properties as SwcName[])
        if (property.type === 'Identifier' && property.value) names.add(property.value)
    }
    for (const value of Object.values(node)) visit(value)
  }
  visit(parseFileSync(path.join(root, file), { syntax: 'typescript', tsx: file.endsWith('x') }).body)
  return names
}

/** The service a name belongs to: its prefix's, else the module's (its path under server/modules, camel-cased). */
function serviceOf(services: Services, doc: string, prefix: string | undefined): unknown {
  const key =
    prefix ??
    path.posix
      .dirname(doc)
      .replace(/^server\/modules\//, '')
      .replace(/[/-]([a-z])/g, (_, letter: string) => letter.toUpperCase())
  const all = services as unknown as Record<string, unknown>
  return all[key] ?? (services.console as unknown as Record<string, unknown>)[key]
}

const tables = [...contextFiles('server')]
  .sort()
  .flatMap((doc) => readFunctionTables(doc, readFileSync(path.join(root, doc), 'utf8')))

describe('the function tables of CONTEXT.md', () => {
  let runtime: TestRuntime
  beforeAll(async () => {
    runtime = await createTestRuntime()
  })
  afterAll(async () => {
    await runtime.close()
  })

  it('exist for every module, in its CONTEXT.md', () => {
    const docs = new Set(tables.map((named) => named.doc))
    const modules = readdirSync(path.join(root, 'server/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `server/modules/${entry.name}/CONTEXT.md`)
    expect(modules.filter((doc) => !docs.has(doc))).toEqual([])
    expect(tables.length).toBeGreaterThan(300)
  })

  it('name functions defined in the file they name', () => {
    const missing = tables
      .filter((named) => named.files)
      .filter((named) => !named.files!.some((file) => definedNames(file).has(named.name)))
      .map((named) => `${named.doc}:${named.line} ${named.name} (${named.files!.join(', ')})`)
    expect(missing).toEqual([])
  })

  it('name functions the running service has', () => {
    const missing = tables
      .filter((named) => !named.files)
      .filter((named) => {
        const service = serviceOf(runtime.services, named.doc, named.prefix) as
          | Record<string, unknown>
          | undefined
        return typeof service?.[named.name] !== 'function'
      })
      .map((named) => `${named.doc}:${named.line} ${named.prefix ? `${named.prefix}.` : ''}${named.name}`)
    expect(missing).toEqual([])
  })
})

describe('reading a function table', () => {
  it('reads names with their calls, prefixes carried along a row, and the files of a File column', () => {
    const doc = 'server/modules/demo/CONTEXT.md'
    const text = [
      '| Function | Route | File |',
      '|---|---|---|',
      '| `getReaderState(reader, client)` / `getBillingState(memberId, region)` | `GET /x` | demo.service.ts |',
      '| `newsroom.listRevisions / getRevision`, `classroomDesk.listCourses()` … `reorderLessons()` | — | a.ts (b.ts) |',
      '| `detectFileKind(head, fileName)` → `{ kind } \\| { error }`, `AnswerRun`, `advisers.*` | — | c.ts |',
      '',
      '| Word | Meaning |',
      '|---|---|',
      '| `notAFunction` | glossaries are not read |',
    ].join('\n')
    expect(readFunctionTables(doc, text).map(({ name, prefix, files }) => [name, prefix, files])).toEqual([
      ['getReaderState', undefined, ['server/modules/demo/demo.service.ts']],
      ['getBillingState', undefined, ['server/modules/demo/demo.service.ts']],
      ['listRevisions', 'newsroom', ['server/modules/demo/a.ts', 'server/modules/demo/b.ts']],
      ['getRevision', 'newsroom', ['server/modules/demo/a.ts', 'server/modules/demo/b.ts']],
      ['listCourses', 'classroomDesk', ['server/modules/demo/a.ts', 'server/modules/demo/b.ts']],
      ['reorderLessons', 'classroomDesk', ['server/modules/demo/a.ts', 'server/modules/demo/b.ts']],
      ['detectFileKind', undefined, ['server/modules/demo/c.ts']],
    ])
  })
})
