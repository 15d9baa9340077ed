/**
 * What the offline assistant says when it does not answer, always with the true reason: a question about the future,
 * something that is not a stock (crypto, currencies, commodities), a question outside investing, one it does not
 * recognise, a company it cannot find or whose data is not ready, a comparison that names fewer than two — each
 * followed by what it can answer. A company outside our coverage has its own answer (not-covered.ts).
 */
import type { Locale } from '#contracts/regions.ts'
import type { Writer } from './answer-writer.ts'

const capabilities: Record<Locale, string[]> = {
  en: [
    'one figure of a stock: its RSI, MACD, moving averages, 52-week high or low, margins, P/E, P/B, dividend yield, market cap, fair value, support or resistance',
    'the dividends a stock has paid over the years, their growth and its payout ratio',
    'whether a stock looks undervalued or overvalued, and the most undervalued or overvalued stocks of a market',
    'a stock’s AI diagnosis: scores, fair value range, support and resistance',
    'how a stock’s price has moved over 1 month, 3 months, 6 months, 1 year or this year',
    'a comparison of two to four stocks',
    'what an investing term means (P/E, RSI, DCF, Piotroski F-score, drawdown…)',
    'today’s hot stocks, this month’s stock picks, and our articles about a company',
    'our investment strategies your plan shows, and their stocks',
  ],
  'zh-Hant': [
    '股票的單項數據：RSI、MACD、移動平均線、52 週高低、利潤率、市盈率、市賬率、股息率、市值、合理價、支撐位或阻力位',
    '股票歷年派發的股息、股息增長及派息比率',
    '某隻股票是否被低估或高估，以及各市場最被低估或高估的股票',
    '股票的 AI 診斷：各項評分、合理價區間、支撐位與阻力位',
    '股票在過去一個月、三個月、六個月、一年或今年以來的股價表現',
    '二至四隻股票的比較',
    '投資詞彙的意思（市盈率、RSI、現金流折現、Piotroski F 分數、回撤等）',
    '今日熱門股票、本月精選股票，以及本站關於某家公司的文章',
    '您的方案可查看的投資策略及其持股',
  ],
}

export type CannotReason =
  | 'forecast'
  | 'unknown'
  | 'no_company'
  | 'no_data'
  | 'need_two'
  | 'crypto'
  | 'currency'
  | 'commodity'
  | 'out_of_scope'

function opening(reason: CannotReason, zh: boolean, subject: string | undefined): string {
  switch (reason) {
    case 'forecast':
      return zh ? '抱歉，我無法預測股價或市場走勢。' : 'Sorry, I cannot predict prices or markets.'
    case 'unknown':
      return zh ? '抱歉，我無法回答這個問題。' : 'Sorry, I cannot answer that question.'
    case 'no_company':
      return zh
        ? '抱歉，我無法在本站覆蓋的公司（美股、港股、日股、韓股）中找到您所指的公司。請輸入股票代號（例如 AAPL、0700）或公司名稱。'
        : 'Sorry, I cannot find the company you mean among those we cover (US, Hong Kong, Japan and Korea stocks). Try its code (such as AAPL or 0700) or its name.'
    case 'no_data':
      return zh
        ? `抱歉，我無法回答：${subject ? `「${subject}」` : '這家公司'}的資料尚未準備好，請稍後再問。`
        : `Sorry, I cannot answer yet: the data for ${subject ?? 'this company'} is not ready; please ask again later.`
    case 'need_two':
      return zh
        ? '要比較股票，請同時寫出兩家公司的名稱或代號，例如「比較蘋果和微軟」。'
        : 'To compare, name two companies, for example “compare Apple and Microsoft”.'
    case 'crypto':
      return zh
        ? '抱歉，我無法回答加密貨幣的問題：加密貨幣不是股票，本站只覆蓋美股、港股、日股及韓股。'
        : 'Sorry, I cannot answer about crypto-currencies: they are not stocks, and we cover only stocks listed in the US, Hong Kong, Japan and Korea.'
    case 'currency':
      return zh
        ? '抱歉，我無法回答匯率的問題：貨幣不是股票，本站不覆蓋外匯。'
        : 'Sorry, I cannot answer about exchange rates: currencies are not stocks, and we do not cover them.'
    case 'commodity':
      return zh
        ? '抱歉，我無法回答商品的問題：黃金、原油等商品不是股票，本站不覆蓋商品。'
        : 'Sorry, I cannot answer about commodities: gold, oil and the like are not stocks, and we do not cover them.'
    case 'out_of_scope':
      return zh
        ? '抱歉，我無法幫忙這個：我只回答關於股票及投資的問題，不寫詩、不講笑話，也不提供天氣等資訊。'
        : 'Sorry, I cannot help with that: I answer questions about stocks and investing — no poems, jokes or weather.'
  }
}

export function writeCannot(w: Writer, reason: CannotReason, subject?: string): void {
  w.lines.push(opening(reason, w.zh, subject))
  w.declined ??= reason
  writeCapabilities(w)
}

export function writeCapabilities(w: Writer): void {
  w.lines.push(w.zh ? '我可以回答：' : 'I can tell you about:')
  w.lines.push(capabilities[w.locale].map((c) => `- ${c}`).join('\n'))
}
