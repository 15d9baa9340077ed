/**
 * The methods a diagnosis cites: a short title in both languages, the source a reader can look up, and the anchor of
 * the full explanation in docs/analysis-methods.md (the anchor equals the method id).
 */

import type { MethodId } from '#contracts/diagnosis-keys.ts'
import type { Locale } from '#contracts/regions.ts'

export interface MethodCitation {
  title: Record<Locale, string>
  source: string
  year: number | null
}

export const METHODS_DOCUMENT = 'docs/analysis-methods.md'

export function methodAnchor(id: MethodId): string {
  return `${METHODS_DOCUMENT}#${id}`
}

export const METHOD_CITATIONS: Record<MethodId, MethodCitation> = {
  'piotroski-2000': {
    title: { en: 'Piotroski F-score', 'zh-Hant': 'Piotroski F 分數' },
    source:
      'Piotroski, J. D. (2000). Value Investing: The Use of Historical Financial Statement Information to Separate Winners from Losers. Journal of Accounting Research 38, 1–41.',
    year: 2000,
  },
  'altman-1968': {
    title: { en: 'Altman Z-score', 'zh-Hant': 'Altman Z 值' },
    source:
      'Altman, E. I. (1968). Financial Ratios, Discriminant Analysis and the Prediction of Corporate Bankruptcy. Journal of Finance 23(4), 589–609.',
    year: 1968,
  },
  'altman-1995': {
    title: { en: 'Altman Z″-score', 'zh-Hant': 'Altman Z″ 值' },
    source:
      'Altman, E. I., Hartzell, J. & Peck, M. (1995). Emerging Markets Corporate Bonds: A Scoring System. Salomon Brothers; restated in Altman & Hotchkiss, Corporate Financial Distress and Bankruptcy (3rd ed., 2006).',
    year: 1995,
  },
  'financials-capital': {
    title: { en: 'Capital strength of banks and insurers', 'zh-Hant': '金融業資本強度' },
    source:
      'Basel Committee on Banking Supervision (2014). Basel III leverage ratio framework and disclosure requirements.',
    year: 2014,
  },
  'roic-capital-allocation': {
    title: { en: 'Return on invested capital vs cost of capital', 'zh-Hant': '投入資本報酬率與資金成本' },
    source:
      'Koller, T., Goedhart, M. & Wessels, D. (2020). Valuation: Measuring and Managing the Value of Companies (7th ed.). McKinsey & Company / Wiley.',
    year: 2020,
  },
  'share-dilution': {
    title: { en: 'Share dilution', 'zh-Hant': '股權稀釋' },
    source:
      'Pontiff, J. & Woodgate, A. (2008). Share Issuance and Cross-sectional Returns. Journal of Finance 63(2), 921–945.',
    year: 2008,
  },
  'insider-activity': {
    title: { en: 'Insider net purchases', 'zh-Hant': '內部人淨買進' },
    source:
      'Lakonishok, J. & Lee, I. (2001). Are Insider Trades Informative? Review of Financial Studies 14(1), 79–111.',
    year: 2001,
  },
  'moving-average-trend': {
    title: { en: 'Moving-average trend', 'zh-Hant': '均線趨勢' },
    source:
      'Murphy, J. J. (1999). Technical Analysis of the Financial Markets. New York Institute of Finance.',
    year: 1999,
  },
  'wilder-adx': {
    title: { en: 'Directional movement (ADX, +DI, −DI)', 'zh-Hant': '趨向指標（ADX、+DI、−DI）' },
    source: 'Wilder, J. W. (1978). New Concepts in Technical Trading Systems. Trend Research.',
    year: 1978,
  },
  'market-cap-bands': {
    title: { en: 'Market-cap bands', 'zh-Hant': '市值級距' },
    source:
      'Common US brokerage convention (mega ≥ $200B, large ≥ $10B, mid ≥ $2B, small ≥ $300M, micro ≥ $50M).',
    year: null,
  },
  'gross-margin-quality': {
    title: { en: 'Gross-margin quality', 'zh-Hant': '毛利率品質' },
    source:
      'Novy-Marx, R. (2013). The Other Side of Value: The Gross Profitability Premium. Journal of Financial Economics 108(1), 1–28; Buffett, M. & Clark, D. (2008). Warren Buffett and the Interpretation of Financial Statements. Scribner.',
    year: 2013,
  },
  'profitability-ratios': {
    title: { en: 'Return on equity, assets and capital employed', 'zh-Hant': 'ROE、ROA 與 ROCE' },
    source:
      'CFA Institute (2020). Financial Reporting and Analysis: Financial Analysis Techniques. CFA Program Curriculum.',
    year: 2020,
  },
  'growth-cagr': {
    title: { en: 'Compound annual growth', 'zh-Hant': '年複合成長率' },
    source: 'CFA Institute (2020). Quantitative Methods: The Time Value of Money. CFA Program Curriculum.',
    year: 2020,
  },
  'fundamental-growth': {
    title: { en: 'Fundamental (reinvestment-funded) growth', 'zh-Hant': '基本面成長率' },
    source:
      'Damodaran, A. (2012). Investment Valuation (3rd ed.), ch. 11. Wiley; Higgins, R. C. (1977). How Much Growth Can a Firm Afford? Financial Management 6(3), 7–16.',
    year: 2012,
  },
  'moat-persistence': {
    title: { en: 'Persistence of returns and margins', 'zh-Hant': '報酬與利潤率的持續性' },
    source:
      'Mauboussin, M. J. & Callahan, D. (2013). Measuring the Moat. Credit Suisse Global Financial Strategies.',
    year: 2013,
  },
  'dcf-two-stage': {
    title: { en: 'Two-stage discounted cash flow', 'zh-Hant': '兩階段現金流折現' },
    source:
      'Damodaran, A. (2012). Investment Valuation (3rd ed.), ch. 12–15. Wiley; Gordon, M. J. (1962). The Investment, Financing, and Valuation of the Corporation.',
    year: 2012,
  },
  'justified-price-to-book': {
    title: { en: 'Justified price-to-book', 'zh-Hant': '合理股價淨值比' },
    source:
      'Damodaran, A. (2012). Investment Valuation (3rd ed.), ch. 19 (book value multiples) and ch. 21 (valuing financial service firms). Wiley.',
    year: 2012,
  },
  'relative-valuation': {
    title: { en: 'P/E and P/B against the industry', 'zh-Hant': '本益比與股價淨值比的產業比較' },
    source: 'Damodaran, A. (2012). Investment Valuation (3rd ed.), ch. 17–19. Wiley.',
    year: 2012,
  },
  'peg-ratio': {
    title: { en: 'PEG ratio', 'zh-Hant': '本益成長比（PEG）' },
    source: 'Lynch, P. (1989). One Up on Wall Street. Simon & Schuster.',
    year: 1989,
  },
  'technical-tally': {
    title: { en: 'Technical signal tally', 'zh-Hant': '技術指標多空統計' },
    source:
      'Murphy, J. J. (1999). Technical Analysis of the Financial Markets. New York Institute of Finance.',
    year: 1999,
  },
  'wilder-rsi': {
    title: { en: 'Relative Strength Index', 'zh-Hant': '相對強弱指標（RSI）' },
    source: 'Wilder, J. W. (1978). New Concepts in Technical Trading Systems. Trend Research.',
    year: 1978,
  },
  'appel-macd': {
    title: { en: 'MACD', 'zh-Hant': '指數平滑異同移動平均線（MACD）' },
    source: 'Appel, G. (2005). Technical Analysis: Power Tools for Active Investors. FT Prentice Hall.',
    year: 2005,
  },
  'capital-flow': {
    title: { en: 'Capital flow (MFI, CMF, OBV)', 'zh-Hant': '資金流向（MFI、CMF、OBV）' },
    source:
      'Quong, G. & Soudack, A. (1989). Volume-Weighted RSI: Money Flow. Technical Analysis of Stocks & Commodities; Chaikin, M. (Chaikin Money Flow); Granville, J. (1963). Granville’s New Key to Stock Market Profits.',
    year: 1989,
  },
  'pivot-points-classic': {
    title: { en: 'Classic pivot points', 'zh-Hant': '經典樞紐點' },
    source:
      'Floor-trader pivot points as described in Person, J. L. (2007). Candlestick and Pivot Point Trading Triggers. Wiley.',
    year: 2007,
  },
  'swing-clusters': {
    title: { en: 'Swing high/low clusters', 'zh-Hant': '波段高低點密集區' },
    source:
      'Murphy, J. J. (1999). Technical Analysis of the Financial Markets, ch. 4 (support and resistance). New York Institute of Finance.',
    year: 1999,
  },
  'total-score': {
    title: { en: 'Total score weighting', 'zh-Hant': '綜合評分權重' },
    source: 'Tickerwise method, documented in docs/analysis-methods.md.',
    year: null,
  },
  'industry-benchmarks': {
    title: { en: 'Industry medians', 'zh-Hant': '產業中位數' },
    source:
      'Tickerwise method: medians over the companies Tickerwise covers in the same industry (or sector).',
    year: null,
  },
  'market-assumptions': {
    title: { en: 'Discount rates and currency assumptions', 'zh-Hant': '折現率與匯率假設' },
    source:
      'Damodaran, A. Country Default Spreads and Risk Premiums (updated each January); Tickerwise defaults reviewed 2025-06.',
    year: 2025,
  },
}
