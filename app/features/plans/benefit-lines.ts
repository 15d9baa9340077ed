/**
 * What a plan card and the benefits table say of a tier, from the one benefits table (contracts/benefits.ts) and
 * the configured allowances: message keys with their values, so the words stay in the catalogs and the facts here.
 */
import {
  type ClassAccess,
  type CourseKind,
  courseKinds,
  curatedStrategiesShown,
} from '#contracts/benefits.ts'
import type { PlanFacts } from './plans.server.ts'

export interface BenefitLine {
  key: string
  values?: Record<string, string | number>
  /** Course kinds the line lists (named in the reader's language by the component). */
  kinds?: CourseKind[]
}

const kindsWith = (classroom: Record<CourseKind, ClassAccess>, access: ClassAccess) =>
  courseKinds.filter((kind) => classroom[kind] === access)

type Translate = (key: string, values: Record<string, unknown>) => string

/** A line in the reader's words (`t` of the plans namespace); course kinds as a list in their language. */
export function benefitText(t: Translate, line: BenefitLine, displayLocale: string): string {
  const kinds = line.kinds?.map((kind) => t(`subscribe.benefits.kinds.${kind}`, {}))
  const values = kinds
    ? { ...line.values, kinds: new Intl.ListFormat(displayLocale, { type: 'conjunction' }).format(kinds) }
    : line.values
  return t(line.key, values ?? {})
}

/** The card's lines, most used first. */
export function benefitLinesOf(plan: PlanFacts): BenefitLine[] {
  const { benefits } = plan
  const lines: BenefitLine[] = [
    { key: 'subscribe.diagnoses', values: { count: plan.diagnosesPerMonth } },
    plan.picksPerMonth === null
      ? { key: 'subscribe.allPicks' }
      : { key: 'subscribe.picks', values: { count: plan.picksPerMonth } },
  ]
  const full = kindsWith(benefits.classroom, 'full')
  const partial = kindsWith(benefits.classroom, 'partial')
  if (full.length > 0) lines.push({ key: 'subscribe.benefits.classroomFull', kinds: full })
  if (partial.length > 0) lines.push({ key: 'subscribe.benefits.classroomPartial', kinds: partial })
  if (benefits.strategies !== 'none')
    lines.push({
      key: `subscribe.benefits.strategies.${benefits.strategies}`,
      values: { count: curatedStrategiesShown },
    })
  if (benefits.analystTracking) lines.push({ key: 'subscribe.benefits.analystTracking' })
  if (benefits.expertDiagnosis && plan.expertQuestionsPerMonth > 0)
    lines.push({ key: 'subscribe.benefits.expert', values: { count: plan.expertQuestionsPerMonth } })
  if (benefits.adviser) lines.push({ key: 'subscribe.benefits.adviser' })
  return lines
}

/** One row of the benefits table: what each tier gets of one benefit, as a message key and values per tier. */
export interface BenefitRow {
  key: string
  cells: { key: string; values?: Record<string, string | number> }[]
}

const accessCell = (access: ClassAccess) => ({ key: `subscribe.benefits.access.${access}` })
const yesNo = (open: boolean) => ({ key: open ? 'subscribe.benefits.yes' : 'subscribe.benefits.no' })

export function benefitRowsOf(plans: PlanFacts[]): BenefitRow[] {
  return [
    ...courseKinds.map((kind) => ({
      key: `subscribe.benefits.rows.${kind}`,
      cells: plans.map((plan) => accessCell(plan.benefits.classroom[kind])),
    })),
    {
      key: 'subscribe.benefits.rows.strategies',
      cells: plans.map((plan) => ({
        key: `subscribe.benefits.reach.${plan.benefits.strategies}`,
        values: { count: curatedStrategiesShown },
      })),
    },
    {
      key: 'subscribe.benefits.rows.picks',
      cells: plans.map((plan) =>
        plan.picksPerMonth === null
          ? { key: 'subscribe.benefits.allOfThem' }
          : { key: 'subscribe.benefits.number', values: { count: plan.picksPerMonth } },
      ),
    },
    {
      key: 'subscribe.benefits.rows.analystTracking',
      cells: plans.map((plan) => yesNo(plan.benefits.analystTracking)),
    },
    {
      key: 'subscribe.benefits.rows.expert',
      cells: plans.map((plan) =>
        plan.benefits.expertDiagnosis
          ? { key: 'subscribe.benefits.number', values: { count: plan.expertQuestionsPerMonth } }
          : yesNo(false),
      ),
    },
    {
      key: 'subscribe.benefits.rows.adviser',
      cells: plans.map((plan) => yesNo(plan.benefits.adviser)),
    },
    {
      key: 'subscribe.benefits.rows.watchlists',
      cells: plans.map((plan) => ({
        key: 'subscribe.benefits.watchlists',
        values: { lists: plan.benefits.watchlists.lists, stocks: plan.benefits.watchlists.stocksPerList },
      })),
    },
    {
      key: 'subscribe.benefits.rows.portfolio',
      cells: plans.map((plan) => ({
        key: 'subscribe.benefits.portfolio',
        values: { transactions: plan.benefits.portfolio.transactions },
      })),
    },
  ]
}
