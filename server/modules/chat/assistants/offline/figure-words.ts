/**
 * Which single figures a question asks for ("Apple's RSI", "騰訊的市盈率和股息率"), in English or Chinese. Pure: the
 * offline assistant answers these figures first instead of the whole diagnosis.
 */
import type { FigureKey } from '../../tools/stock-figures.ts'

const figurePatterns: Array<[FigureKey[], RegExp]> = [
  [['high_52w'], /52[- ]?(week|wk)s? high|year high|annual high|52 ?週(最)?高|一年(最)?高|全年(最)?高/],
  [['low_52w'], /52[- ]?(week|wk)s? low|year low|annual low|52 ?週(最)?低|一年(最)?低|全年(最)?低/],
  [['high_52w', 'low_52w'], /52[- ]?(week|wk)s? (range|high and low)|52 ?週(範圍|高低)|一年高低/],
  [['rsi'], /\brsi\b|相對強弱/],
  [['macd'], /\bmacd\b/],
  [['moving_averages'], /moving averages?|\b(sma|ema)\b|\b(20|50|200)[- ]day (average|ma)\b|均線|移動平均/],
  [['adx'], /\badx\b|趨向指數/],
  [['volume_ratio'], /\bvolume\b|成交量|量比/],
  [['support'], /\bsupport\b|支撐|支持位/],
  [['resistance'], /\bresistance\b|阻力|壓力位/],
  [['gross_margin'], /gross (profit )?margin|毛利率/],
  [['operating_margin'], /operating margin|ebit margin|營業利潤率|營業利益率|經營利潤率/],
  [['net_margin'], /net (profit )?margin|(?<!gross )profit margin|淨利率|純利率|淨利潤率/],
  [['roe'], /\broe\b|return on equity|股東權益報酬率|股本回報率|權益回報率/],
  [['roa'], /\broa\b|return on assets|資產報酬率|資產回報率/],
  [['pe'], /\bp\/?e\b|\bpe ratio|price[- ]to[- ]earnings|price\/earnings|市盈率|本益比/],
  [['pb'], /\bp\/?b\b|price[- ]to[- ]book|市賬率|市淨率|股價淨值比/],
  [['peg'], /\bpeg\b/],
  [['payout_ratio'], /payout|pay-?out ratio|派息比率|派息比例|派息率|配息率|派息比/],
  [
    ['dividend_growth'],
    /dividends? (growth|grow\w*|rais\w*|increas\w*|ris\w*|rose|cagr)|(grow|grew|grown|rais\w*|increas\w*|hik\w*) (its |their |the )?dividends?|(股息|派息|配息)(的)?(增長|成長|增加|增幅|年複合)/,
  ],
  [['dividend_yield'], /dividend|(?<!flow |fcf )\byield\b|股息|殖利率|息率|派息/],
  [['fcf_yield'], /free cash flow|\bfcf\b|自由現金流/],
  [['market_cap'], /market cap|market value|capitali[sz]ation|市值/],
  [['fair_value'], /fair value|intrinsic value|合理價|公允價|內在價值/],
  [['debt_to_equity'], /debt|leverage|gearing|負債|槓桿/],
  [['current_ratio'], /current ratio|liquidity|流動比率/],
  [['interest_coverage'], /interest coverage|利息保障|利息覆蓋/],
  [['revenue_growth'], /revenue growth|sales growth|營收增長|營收成長|收入增長|營業額增長/],
  [['eps_growth'], /eps growth|earnings growth|盈利增長|每股盈利增長|盈餘成長/],
  [['altman_z'], /altman|\bz[- ]?score\b|z 分數|破產風險/],
  [['piotroski'], /piotroski|\bf[- ]?score\b|f 分數/],
  [['analyst_target'], /target price|price target|analyst|目標價|分析師/],
  [
    ['price'],
    /\b(share price|stock price|current price|last price|closing price|last close|trading at|price now|price today)\b|現價|收市價|收盤價|股價是多少|股價多少|現在多少錢/,
  ],
]

/** "Margins", "growth", "利潤率" without saying which: every one of them. */
const groupPatterns: Array<[FigureKey[], RegExp]> = [
  [['gross_margin', 'operating_margin', 'net_margin'], /\bmargins\b|利潤率|利潤空間/],
  [['revenue_growth', 'eps_growth'], /\bgrowth\b|增長率|成長率/],
]

/** The yield named as such: "dividend growth" or "派息比率" alone is no question for the yield. */
const yieldNamed = /yield|股息率|殖利率|息率/

/** The figures the question names, in the order of the table (each once); [] when it names none. */
export function figuresAsked(text: string): FigureKey[] {
  let keys: FigureKey[] = []
  for (const [figures, pattern] of figurePatterns)
    if (pattern.test(text)) for (const k of figures) if (!keys.includes(k)) keys.push(k)
  if ((keys.includes('payout_ratio') || keys.includes('dividend_growth')) && !yieldNamed.test(text))
    keys = keys.filter((k) => k !== 'dividend_yield')
  if (keys.length === 0 || keys.every((k) => k === 'price'))
    for (const [figures, pattern] of groupPatterns)
      if (pattern.test(text)) for (const k of figures) if (!keys.includes(k)) keys.push(k)
  return keys
}

const dividendFigures: readonly FigureKey[] = ['dividend_yield', 'payout_ratio', 'dividend_growth']
const dividendWords = /dividend|股息|派息|配息|股利|分紅/
const recordWords =
  /histor|record|over the years|each year|every year|by year|per year|past (few|five|several|\d+) years|(has|have|did|does) .{0,30}pa(id|y)|paid|payments?|track|紀錄|記錄|歷史|歷年|每年|逐年|過去(五|幾|數|\d+)年|派過|派了|派發|發放/

/**
 * A question about a company's dividends over the years rather than its yield alone: the record ("What dividends has
 * Apple paid over the years?", "騰訊派息紀錄"), the growth, or the payout ratio — and no figure other than dividends.
 */
export function dividendsAsked(text: string, figures: readonly FigureKey[]): boolean {
  if (figures.some((k) => !dividendFigures.includes(k))) return false
  if (figures.includes('payout_ratio') || figures.includes('dividend_growth')) return true
  return dividendWords.test(text) && recordWords.test(text)
}
