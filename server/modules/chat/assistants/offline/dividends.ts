/**
 * Questions about a company's dividends over the years ("What dividends has Apple paid over the years?", "How fast
 * are JPMorgan's dividends growing?", "payout ratio of HSBC", "騰訊派息紀錄", "派息比率"): the figure asked first
 * (the payout ratio, the compound growth, or the record itself), with its fiscal year, date, source and demo label;
 * then each fiscal year — per share (or the total paid when share counts are missing), its change on the year before
 * and its payout ratio — and the other dividend figures, the method, and the link to the diagnosis, whose dividends
 * section shows the same table. A company that paid none, or whose statements show no payment, gets the one honest
 * sentence (and its earlier payments, if it stopped).
 */
import type { AssistantEvent } from '../../assistant.ts'
import type { DividendHistoryResult } from '../../tools/dividend-tools.ts'
import { stockName, table, type Writer } from './answer-writer.ts'
import { writeCannot } from './cannot.ts'
import { companyInput, type IntentAnswer } from './intent-answer.ts'

export async function* answerDividends({
  mentions: [first],
  reading,
  w,
  call,
}: IntentAnswer): AsyncGenerator<AssistantEvent> {
  if (!first) {
    writeCannot(w, 'no_company')
    return
  }
  const r: { value?: DividendHistoryResult } = {}
  yield* call('getDividendHistory', companyInput(first), r)
  if (!r.value) return
  const asked = reading.figures.includes('payout_ratio')
    ? 'payout'
    : reading.figures.includes('dividend_growth')
      ? 'growth'
      : 'history'
  writeDividends(w, r.value, asked)
}

/** "fiscal year 2025, ended 2025-09-27; as of 2026-11-20; source: our AI diagnosis, demo data": no final stop. */
function provenance(w: Writer, r: DividendHistoryResult): string {
  const demo = r.isDemo ? (w.zh ? '（示範數據）' : ', demo data') : ''
  const year = r.fiscalYear
    ? w.zh
      ? `${r.fiscalYear} 財政年度於 ${r.periodEnd} 結束；`
      : `fiscal year ${r.fiscalYear}, ended ${r.periodEnd}; `
    : ''
  return w.zh
    ? `${year}資料日期 ${r.asOf ?? ''}；來源：本站 AI 診斷${demo}`
    : `${year}as of ${r.asOf ?? ''}; source: our AI diagnosis${demo}`
}

function payoutLine(w: Writer, r: DividendHistoryResult, name: string): string {
  if (r.payoutText === null)
    return w.zh
      ? `本站沒有 **${name}** ${r.fiscalYear} 財政年度的派息比率：淨利潤不是正數時，派息比率沒有意義。`
      : `We hold no payout ratio of **${name}** for fiscal year ${r.fiscalYear}: it is not meaningful without a positive net income.`
  return w.zh
    ? `**${name}** 的派息比率：**${r.payoutText}**（${r.fiscalYear} 財政年度派發的股息除以淨利潤：盈利中派給股東的比例）。`
    : `**${name}** — payout ratio: **${r.payoutText}** in fiscal year ${r.fiscalYear} (dividends paid ÷ net income: the share of profit paid out).`
}

function growthLine(w: Writer, r: DividendHistoryResult, name: string): string {
  const what =
    r.basis === 'per_share'
      ? w.zh
        ? '每股股息'
        : 'dividends per share'
      : w.zh
        ? '派息總額'
        : 'total dividends paid'
  const c = r.cagr
  if (!c)
    return w.zh
      ? `本站無法計算 **${name}** 股息的年複合增長率：需要相隔至少一年的兩個派息財政年度。`
      : `We cannot give a compound growth of **${name}**’s dividends: it needs two fiscal years of payments at least a year apart.`
  return w.zh
    ? `**${name}** 的${what}由 ${c.from} 至 ${c.to} 財政年度的年複合增長率：**${c.text}**。`
    : `**${name}** — ${what} ${c.value >= 0 ? 'grew' : 'changed'} **${c.text}** a year, compounded, from fiscal year ${c.from} to ${c.to}.`
}

function yieldLine(w: Writer, r: DividendHistoryResult): string | null {
  if (r.yieldText === null) return null
  return w.zh
    ? `股息率：**${r.yieldText}**（${r.fiscalYear} 財政年度股息除以 ${r.asOf} 的市值）。`
    : `Dividend yield: **${r.yieldText}** (fiscal year ${r.fiscalYear} dividends ÷ market cap at ${r.asOf}).`
}

function yearsTable(w: Writer, r: DividendHistoryResult): string {
  const header = w.zh
    ? ['財政年度', r.basis === 'per_share' ? '每股股息' : '派息總額', '按年變化', '派息比率']
    : ['Fiscal year', r.basis === 'per_share' ? 'Per share' : 'Total paid', 'Year on year', 'Payout ratio']
  return table(
    header,
    r.years.map((y) => [`FY${y.fiscalYear}`, y.amountText, y.growthText ?? '—', y.payoutText ?? '—']),
  )
}

function methodLine(w: Writer, r: DividendHistoryResult): string {
  const perShare = r.basis === 'per_share'
  return w.zh
    ? `方法（\`${r.method}\`）：各財政年度現金流量表所列的現金股息${perShare ? '除以年末股數' : '總額（缺少股數）'}，金額以 ${r.currency} 列示。`
    : `Method (\`${r.method}\`): cash dividends paid each fiscal year (cash-flow statement)${perShare ? ' ÷ shares at year end' : ', in total (share counts are missing)'}, in ${r.currency}.`
}

function diagnosisLine(w: Writer, r: DividendHistoryResult): string {
  return w.zh
    ? `完整的股息紀錄與其他數據請見 [${r.stock.name}的 AI 診斷](${r.href})。`
    : `The dividends section and every other figure are in [${r.stock.name}’s AI diagnosis](${r.href}).`
}

export function writeDividends(
  w: Writer,
  r: DividendHistoryResult,
  asked: 'history' | 'payout' | 'growth',
): void {
  const { zh } = w
  const name = stockName(r.stock)
  const from = provenance(w, r)
  if (r.status !== 'payer' || r.years.length === 0) {
    if (r.fiscalYear === null)
      w.lines.push(
        zh
          ? `本站尚未持有 **${name}** 的年度財務報表，因此無法列出其股息（${from}）。`
          : `We hold no annual statements of **${name}** yet, so its dividends cannot be shown (${from}).`,
      )
    else if (r.status === 'non_payer')
      w.lines.push(
        zh
          ? `**${name}** 於 ${r.fiscalYear} 財政年度沒有派發股息（${from}），因此沒有派息比率或股息增長可言。`
          : `**${name}** paid no dividend in fiscal year ${r.fiscalYear} (${from}), so it has no payout ratio or dividend growth to show.`,
      )
    else
      w.lines.push(
        zh
          ? `本站持有的財務報表沒有 **${name}** 於 ${r.fiscalYear} 財政年度派發股息的紀錄（${from}）；這是數據所見，並非公司未曾宣派股息的證明。`
          : `The statements we hold show no dividend paid by **${name}** in fiscal year ${r.fiscalYear} (${from}); that is what the data shows, not proof that none was declared.`,
      )
    if (r.years.length > 0) {
      w.lines.push(zh ? '較早的財政年度曾派發股息：' : 'It paid dividends in earlier fiscal years:')
      w.lines.push(yearsTable(w, r))
      w.lines.push(methodLine(w, r))
    }
    w.lines.push(diagnosisLine(w, r))
    return
  }
  const first = r.years[0]
  const last = r.years.at(-1)
  const source = zh ? `（${from}）` : `(${from}.)`
  if (asked === 'payout') w.lines.push(`${payoutLine(w, r, name)}${zh ? '' : ' '}${source}`)
  else if (asked === 'growth') w.lines.push(`${growthLine(w, r, name)}${zh ? '' : ' '}${source}`)
  else if (first && last)
    w.lines.push(
      zh
        ? `**${name}** 在本站持有的 ${r.years.length} 個財政年度（${first.fiscalYear}–${last.fiscalYear}）派發的股息如下；最新 ${last.fiscalYear} 財政年度為${r.basis === 'per_share' ? '每股' : '合共'} **${last.amountText}**（${from}）。`
        : `**${name}** — dividends paid in the ${r.years.length} fiscal years we hold (${first.fiscalYear}–${last.fiscalYear}); in the latest, fiscal year ${last.fiscalYear}, **${last.amountText}**${r.basis === 'per_share' ? ' per share' : ' in total'} (${from}).`,
    )
  w.lines.push(yearsTable(w, r))
  if (asked !== 'growth') w.lines.push(growthLine(w, r, name))
  if (asked !== 'payout') w.lines.push(payoutLine(w, r, name))
  const yieldText = yieldLine(w, r)
  if (yieldText) w.lines.push(yieldText)
  w.lines.push(methodLine(w, r))
  w.lines.push(diagnosisLine(w, r))
}
