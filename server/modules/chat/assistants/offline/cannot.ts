/**
 * What the offline assistant says when it does not answer: a question about the future or for advice, one it does
 * not recognise, a company it cannot find or whose data is not ready, a comparison that names fewer than two — each
 * followed by what it can answer.
 */
import type { Locale } from '#contracts/regions.ts'
import type { Writer } from './answer-writer.ts'

const capabilities: Record<Locale, string[]> = {
  en: [
    'whether a stock looks undervalued or overvalued, and the most undervalued or overvalued stocks of a market',
    'a stock’s AI diagnosis: scores, fair value range, support and resistance',
    'how a stock’s price has moved over 1 month, 3 months, 6 months, 1 year or this year',
    'a comparison of two stocks',
    'today’s hot stocks, this month’s stock picks, and our articles about a company',
  ],
  'zh-Hant': [
    '某隻股票是否被低估或高估，以及各市場最被低估或高估的股票',
    '股票的 AI 診斷：各項評分、合理價區間、支撐位與阻力位',
    '股票在過去一個月、三個月、六個月、一年或今年以來的股價表現',
    '兩隻股票的比較',
    '今日熱門股票、本月精選股票，以及本站關於某家公司的文章',
  ],
}

export function writeCannot(
  w: Writer,
  reason: 'forecast' | 'unknown' | 'no_company' | 'no_data' | 'need_two',
): void {
  const { zh } = w
  const opening = {
    forecast: zh
      ? '抱歉，我無法預測股價或市場走勢，也不能提供個人化的買賣建議。'
      : 'Sorry, I cannot predict prices or markets, and I cannot give personal buy or sell advice.',
    unknown: zh ? '抱歉，我無法回答這個問題。' : 'Sorry, I cannot answer that question.',
    no_company: zh
      ? '抱歉，我找不到您所指的公司。請輸入股票代號（例如 AAPL、0700）或公司名稱。'
      : 'Sorry, I could not find the company you mean. Try its code (such as AAPL or 0700) or its name.',
    no_data: zh
      ? '抱歉，這家公司的資料尚未準備好，請稍後再問。'
      : 'Sorry, the data for this company is not ready yet; please ask again later.',
    need_two: zh
      ? '要比較兩隻股票，請同時寫出兩家公司的名稱或代號，例如「比較蘋果和微軟」。'
      : 'To compare, name two companies, for example “compare Apple and Microsoft”.',
  }[reason]
  w.lines.push(opening)
  w.lines.push(zh ? '我可以回答：' : 'I can tell you about:')
  w.lines.push(capabilities[w.locale].map((c) => `- ${c}`).join('\n'))
}
