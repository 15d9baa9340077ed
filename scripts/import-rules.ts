/**
 * The import rules (ADR 0023): the floors of ARCHITECTURE.md and the rooms of ADR 0018, checked on every import of
 * app/, server/ and contracts/ — `npm run check:imports`, and a step of `npm test`. Prints each crossing with the
 * rule it breaks and exits 1 when there is one.
 *
 * dependency-cruiser reads the files (with swc: its TypeScript reader stops before TypeScript 7) and judges each
 * import against the path rules below; type-only imports (`import type`, `import('…')` in a type) are told apart,
 * so a rule can allow them. What it cannot judge is a cycle between modules: its `circular` rule follows files, and
 * its folder cycles count type-only imports and see a module's subfolders as folders of their own. So the rooms'
 * cycles are found here, on the graph it returns: every runtime import between files, each module
 * (server/modules/<name>/, its sub-rooms included) drawn as one node.
 *
 * Test code — `*.test.ts(x)`, `testing/` folders, e2e/, bench/ — is exempt from every rule; in return, code that
 * runs in the product may not import it, so nothing reaches around a rule through a test helper.
 */
import path from 'node:path'
import type { DependencyType, ICruiseOptions, IForbiddenRuleType, IModule } from 'dependency-cruiser'
import { cruise } from 'dependency-cruiser'

/** Where the check starts; whatever these import is followed (node_modules is resolved, not read). */
export const checkedFolders = ['app', 'server', 'contracts']

const testCode = '(^|/)[^/]+\\.test\\.tsx?$|(^|/)testing/|^e2e/|^bench/'
/** `import type`, `export type … from`, and `import('…')` written in a type: gone once types are stripped. */
const typeOnly: DependencyType[] = ['type-only', 'type-import']
const requestContext = '^app/request-context\\.ts$'
const moduleFile = '^server/modules/([^/]+)/'

export const importRules: IForbiddenRuleType[] = [
  {
    name: 'server-to-app',
    comment:
      'server/ imports nothing of app/ but the type of the router context it fills (`import type` of ' +
      'app/request-context.ts). What both sides read belongs on the floor, contracts/ (ADR 0019).',
    severity: 'error',
    from: { path: '^server/', pathNot: testCode },
    to: { path: '^app/', pathNot: requestContext },
  },
  {
    name: 'server-to-app',
    comment: 'server/ may import app/request-context.ts only with `import type` (ADR 0019).',
    severity: 'error',
    from: { path: '^server/', pathNot: testCode },
    to: { path: requestContext, dependencyTypesNot: typeOnly },
  },
  {
    name: 'app-to-server',
    comment:
      'app/ imports server/ only in *.server.ts(x) files, which the browser never loads, and with `import type` ' +
      'in app/request-context.ts. Move what the page needs to contracts/, or the server-side part into a ' +
      '*.server.ts file (ADR 0019).',
    severity: 'error',
    from: { path: '^app/', pathNot: [testCode, '\\.server\\.tsx?$', requestContext] },
    to: { path: '^server/' },
  },
  {
    name: 'app-to-server',
    comment:
      'app/request-context.ts is imported by route modules, which the browser loads: it may import server/ only ' +
      'with `import type` (ADR 0019).',
    severity: 'error',
    from: { path: requestContext },
    to: { path: '^server/', dependencyTypesNot: typeOnly },
  },
  {
    name: 'contracts-to-app-or-server',
    comment: 'contracts/ is the floor under app/ and server/ and imports neither (ADR 0019).',
    severity: 'error',
    from: { path: '^contracts/', pathNot: testCode },
    to: { path: '^(app|server)/' },
  },
  {
    name: 'module-to-other-repo',
    comment:
      "A module's tables are read and written only by its own repos. Ask the owner's service, or a read function " +
      'it exports, handed over as a function in server/services.ts (ADR 0018).',
    severity: 'error',
    from: { path: moduleFile, pathNot: testCode },
    to: { path: '^server/modules/.+\\.repo\\.ts$', pathNot: '^server/modules/$1/' },
  },
  {
    name: 'module-to-other-tables',
    comment:
      "Another module's tables (*.sql.ts) are imported only by a .sql.ts, to reference them in a foreign key, and " +
      "by a read model named in ADR 0018 (*.read-model.ts). Anything else asks the owner's service (ADR 0018).",
    severity: 'error',
    from: { path: moduleFile, pathNot: [testCode, '\\.sql\\.ts$', '\\.read-model\\.ts$'] },
    to: { path: '^server/modules/.+\\.sql\\.ts$', pathNot: '^server/modules/$1/' },
  },
  {
    name: 'kernel-to-modules',
    comment:
      'server/kernel/, server/file-reading/ and server/text/ sit below the modules and import none of them: ' +
      'whatever they need is passed in (ARCHITECTURE.md, "Rooms and their tables").',
    severity: 'error',
    from: { path: '^server/(kernel|file-reading|text)/', pathNot: testCode },
    to: { path: '^server/modules/' },
  },
  {
    name: 'provider-to-modules',
    comment:
      'An adapter to the outside world (server/providers/) knows no module: the module that uses it depends on ' +
      'its interface, not the other way round.',
    severity: 'error',
    from: { path: '^server/providers/', pathNot: testCode },
    to: { path: '^server/modules/' },
  },
  {
    name: 'runtime-to-test-code',
    comment:
      'Code that runs in the product imports no test code (*.test.ts, testing/, e2e/, bench/): test code is ' +
      'exempt from these rules, so nothing may reach around them through it.',
    severity: 'error',
    from: { pathNot: testCode },
    to: { path: testCode },
  },
  {
    name: 'unresolvable',
    comment:
      'An import the check cannot resolve is one it cannot judge. Fix the path, or teach the check the new alias ' +
      "(React Router's generated ./+types/ aside).",
    severity: 'error',
    from: {},
    to: { couldNotResolve: true, pathNot: '(^|/)\\+types/' },
  },
]

/** The rule that dependency-cruiser does not check (see the header); its violations carry this name. */
export const moduleCycleRule = {
  name: 'module-cycle',
  comment:
    'No runtime import cycle between modules (a sub-room belongs to its module). What several modules need and ' +
    'none owns goes below them (server/kernel/, server/file-reading/, server/text/); what one module needs of ' +
    'another it gets as a function from server/services.ts (ADR 0018).',
}

export const cruiseOptions: ICruiseOptions = {
  parser: 'swc',
  validate: true,
  ruleSet: { forbidden: importRules },
  // The cycles are found below, on the graph; dependency-cruiser's own cycle search would only cost time.
  skipAnalysisNotInRules: true,
  doNotFollow: { path: 'node_modules' },
  exclude: { path: '^(build|\\.react-router)/' },
  enhancedResolveOptions: {
    extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    conditionNames: ['import', 'node', 'default'],
    exportsFields: ['exports'],
    mainFields: ['module', 'main'],
  },
}

export interface ImportViolation {
  rule: string
  comment: string
  /** The importing file and the imported one (for a cycle: the first import of it). */
  from: string
  to: string
  /** A cycle: the modules that import each other (and files outside them on the way), and the imports between them. */
  cycle?: { members: string[]; imports: string[] }
}

export interface ImportCheck {
  violations: ImportViolation[]
  files: number
  imports: number
}

const testCodePattern = new RegExp(testCode)

/** The node a file is in the rooms' graph: its module (`server/modules/<name>`), else the file itself. */
function roomOf(file: string): string {
  return /^server\/modules\/[^/]+/.exec(file)?.[0] ?? file
}

interface RoomEdge {
  to: string
  /** The imports that make this edge, each as `from → to`. */
  imports: string[]
}

/** Every runtime import between files of the product, drawn between rooms (a module is one node). */
function roomGraphOf(modules: IModule[]): Map<string, Map<string, RoomEdge>> {
  const graph = new Map<string, Map<string, RoomEdge>>()
  for (const file of modules) {
    if (testCodePattern.test(file.source)) continue
    const from = roomOf(file.source)
    for (const dependency of file.dependencies) {
      const runtime = !dependency.dependencyTypes.some((type) => typeOnly.includes(type))
      const local = dependency.dependencyTypes.includes('local') && !dependency.couldNotResolve
      if (!runtime || !local || testCodePattern.test(dependency.resolved)) continue
      const to = roomOf(dependency.resolved)
      if (to === from) continue
      const edges = graph.get(from) ?? new Map<string, RoomEdge>()
      graph.set(from, edges)
      const edge = edges.get(to) ?? { to, imports: [] }
      edges.set(to, edge)
      edge.imports.push(`${file.source} → ${dependency.resolved}`)
    }
  }
  return graph
}

/** Tarjan's strongly connected components: the groups of nodes that each reach every other. */
function stronglyConnected(graph: Map<string, Map<string, RoomEdge>>): string[][] {
  const order = new Map<string, number>()
  const lowest = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  const visit = (node: string) => {
    order.set(node, order.size)
    lowest.set(node, order.get(node)!)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!order.has(next)) {
        visit(next)
        lowest.set(node, Math.min(lowest.get(node)!, lowest.get(next)!))
      } else if (onStack.has(next)) lowest.set(node, Math.min(lowest.get(node)!, order.get(next)!))
    }
    if (lowest.get(node) !== order.get(node)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    components.push(component)
  }
  for (const node of [...graph.keys()].sort()) if (!order.has(node)) visit(node)
  return components
}

/**
 * One violation per group of modules that import each other at runtime, directly or through other files: the
 * group's members (its modules, and any file outside them that the cycle passes) and every import inside the group,
 * each a place where the cycle can be cut.
 */
export function findModuleCycles(modules: IModule[]): ImportViolation[] {
  const graph = roomGraphOf(modules)
  const violations: ImportViolation[] = []
  for (const component of stronglyConnected(graph)) {
    if (component.filter((node) => node.startsWith('server/modules/')).length < 2) continue
    const members = new Set(component)
    const imports = [...members]
      .flatMap((node) => [...(graph.get(node)?.values() ?? [])].filter((edge) => members.has(edge.to)))
      .flatMap((edge) => edge.imports)
      .sort()
    const [from, to] = imports[0]!.split(' → ')
    violations.push({
      rule: moduleCycleRule.name,
      comment: moduleCycleRule.comment,
      from: from!,
      to: to!,
      cycle: { members: [...members].sort(), imports },
    })
  }
  return violations
}

/** Runs the rules on the tree at `baseDir` (the project, or a test's miniature of it). */
export async function checkImports(baseDir: string, folders = checkedFolders): Promise<ImportCheck> {
  const { output } = await cruise(folders, { ...cruiseOptions, baseDir })
  if (typeof output === 'string') throw new Error('dependency-cruiser answered text, not a result')
  // A rule in two parts (server-to-app, app-to-server) is explained by its first.
  const comments = new Map(importRules.toReversed().map((rule) => [rule.name, rule.comment ?? '']))
  const violations: ImportViolation[] = output.summary.violations.map((violation) => ({
    rule: violation.rule.name,
    comment: comments.get(violation.rule.name) ?? '',
    from: violation.from,
    to: violation.to,
  }))
  violations.push(...findModuleCycles(output.modules))
  return {
    violations,
    files: output.summary.totalCruised,
    imports: output.summary.totalDependenciesCruised ?? 0,
  }
}

/** Violations by rule, in the rules' order: `{ 'app-to-server': 2, … }` (rules with none left out). */
export function countByRule(violations: readonly ImportViolation[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const name of [...importRules.map((rule) => rule.name!), moduleCycleRule.name]) {
    const count = violations.filter((violation) => violation.rule === name).length
    if (count > 0) counts[name] = count
  }
  return counts
}

export function formatViolations(violations: readonly ImportViolation[]): string {
  const lines: string[] = []
  for (const [rule, count] of Object.entries(countByRule(violations))) {
    const ofRule = violations.filter((violation) => violation.rule === rule)
    lines.push(`✖ ${rule} (${count}): ${ofRule[0]!.comment}`)
    for (const violation of ofRule) {
      if (violation.cycle) {
        lines.push(`    between ${violation.cycle.members.join(', ')}:`)
        for (const link of violation.cycle.imports) lines.push(`      ${link}`)
      } else lines.push(`    ${violation.from} → ${violation.to}`)
    }
  }
  return lines.join('\n')
}

if (import.meta.main) {
  const started = performance.now()
  const root = path.resolve(import.meta.dirname, '..')
  const { violations, files, imports } = await checkImports(root)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  if (violations.length === 0) {
    console.log(`Import rules: no violations (${files} files, ${imports} imports, ${seconds} s).`)
  } else {
    console.error(formatViolations(violations))
    console.error(
      `\nImport rules: ${violations.length} violation(s) in ${files} files (${seconds} s). ` +
        'What each rule guards and how to mend a crossing: ARCHITECTURE.md ("The rules that guard the floors and ' +
        'the rooms") and docs/decisions/0023-import-rules-with-dependency-cruiser.md.',
    )
    process.exitCode = 1
  }
}
