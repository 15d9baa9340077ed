/**
 * The classroom's sample content (issue 15), in both languages: four courses, one per kind, with lessons of both
 * marks, Markdown notes and attachments. Data only (classroom.seed.ts inserts it; the browser journeys read the
 * titles from here), so it imports no database code.
 */
import type { CourseKind, LessonAccess } from '#contracts/benefits.ts'
import type { LocalizedText } from '#server/db/columns.ts'
import type { LessonAttachment } from './classroom.sql.ts'

export interface SampleLesson {
  slug: string
  title: LocalizedText
  access: LessonAccess
  durationMinutes: number
  /** Days from the seed's `now` (a live class), at 12:00 UTC (20:00 in Taipei and Hong Kong, 07:00/08:00 in NY). */
  liveInDays?: number
  liveJoinUrl?: string
  attachments?: LessonAttachment[]
  notes: LocalizedText
}

export interface SampleCourse {
  slug: string
  kind: CourseKind
  title: LocalizedText
  summary: LocalizedText
  lessons: SampleLesson[]
}

export const sampleCourses: SampleCourse[] = [
  {
    slug: 'sample-deep-dive-reading-a-company',
    kind: 'deepDive',
    title: { en: 'Deep dive: reading a company', 'zh-Hant': '深度解析：讀懂一家公司' },
    summary: {
      en: 'How our analysts take a listed company apart: the business, the three statements, valuation and the risks that would change the view.',
      'zh-Hant': '分析師如何拆解一家上市公司：業務模式、三大報表、估值，以及足以改變看法的風險。',
    },
    lessons: [
      {
        slug: 'business-model',
        title: { en: 'What the business sells, and to whom', 'zh-Hant': '公司賣甚麼、賣給誰' },
        access: 'partial',
        durationMinutes: 18,
        attachments: [
          {
            name: { en: 'SEC EDGAR filing search', 'zh-Hant': '美國證交會 EDGAR 文件搜尋' },
            url: 'https://www.sec.gov/edgar/search/',
          },
        ],
        notes: {
          en: `## Start with the customer

Before any ratio, write one sentence: *who pays this company, for what, and why do they come back?* If you cannot, the numbers will not tell you.

Read the business section of the annual report (10-K "Item 1", or the "Business Review" of a Hong Kong annual report) and list:

- the **segments** and each one's share of revenue and operating profit;
- the **customers**: concentrated (a few large buyers) or spread out;
- the **pricing power**: has the company raised prices without losing volume?

## Where the moat shows in the numbers

A durable advantage leaves traces: gross margins that stay high through a downturn, returns on capital above the cost of capital for years, and market share that grows without a price war. Note which of these you can see — and which you are only told about.`,
          'zh-Hant': `## 從客戶開始

在看任何比率之前，先寫下一句話：*誰付錢給這家公司、買的是甚麼、為甚麼會再回來？* 如果寫不出來，數字也不會告訴你答案。

細讀年報的業務章節（美股 10-K 的「Item 1」，或港股年報的「業務回顧」），列出：

- 各**業務分部**及其佔收入與經營溢利的比重；
- **客戶結構**：集中於少數大客戶，還是分散；
- **定價能力**：公司能否加價而不流失銷量？

## 護城河在數字上的痕跡

持久的優勢會留下痕跡：經濟下行時毛利率依然穩定、資本回報率多年高於資金成本、市佔率上升卻沒有打價格戰。記下哪些你能親眼看到，哪些只是管理層的說法。`,
        },
      },
      {
        slug: 'three-statements',
        title: { en: 'The three statements in one hour', 'zh-Hant': '一小時讀懂三大報表' },
        access: 'partial',
        durationMinutes: 42,
        attachments: [
          {
            name: { en: 'Valuation table on Tickerwise', 'zh-Hant': 'Tickerwise 估值列表' },
            url: '/stocks-valuation',
          },
        ],
        notes: {
          en: `## Income statement: what was earned

Follow revenue down to net income and mark every line that is **not cash**: depreciation, stock-based compensation, impairments. Earnings are an opinion; cash is a fact.

## Balance sheet: what is owned and owed

Compare current assets with current liabilities, and net debt with operating profit (net debt ÷ EBITDA above 3 deserves a reason). Watch receivables and inventory growing faster than sales — customers paying later or goods not selling.

## Cash-flow statement: where the money went

Operating cash flow minus capital expenditure is **free cash flow**. Over five years it should track net income; when it persistently lags, ask why before you trust the earnings.`,
          'zh-Hant': `## 損益表：賺了多少

由收入一路看到純利，並標出所有**非現金**項目：折舊、股份支付、減值。盈利是一種看法，現金才是事實。

## 資產負債表：擁有甚麼、欠了甚麼

比較流動資產與流動負債，以及淨負債與經營溢利（淨負債 ÷ EBITDA 高於 3 倍需要合理解釋）。留意應收賬款和存貨增長快過銷售——代表客戶付款變慢或貨品滯銷。

## 現金流量表：錢去了哪裡

經營現金流減去資本開支就是**自由現金流**。五年來看，它應該與純利大致同步；若長期落後，先弄清原因，再相信盈利數字。`,
        },
      },
      {
        slug: 'valuation',
        title: { en: 'Valuation: what the price already assumes', 'zh-Hant': '估值：股價已經假設了甚麼' },
        access: 'full',
        durationMinutes: 35,
        notes: {
          en: `## Reverse the question

Instead of forecasting a "fair value" to three decimals, ask what growth and margins the **current price** requires. A price of 30× free cash flow assumes years of double-digit growth; decide whether that is likely, not whether it is possible.

## Three cross-checks

1. **Multiples** against the company's own ten-year range and its closest peers.
2. A **discounted cash flow** with three scenarios (bear, base, bull) and honest probabilities.
3. The **downside margin**: how far the price could fall if the bear case came true.

Our diagnosis pages show the fair value and downside margin our model computes — use them as a starting point, then argue with them.`,
          'zh-Hant': `## 把問題倒過來問

與其把「合理價值」算到小數點後三位，不如問**現價**需要怎樣的增長和利潤率才站得住。30 倍自由現金流的股價，意味著多年雙位數增長；要判斷的是這是否「很可能」，而不是「有可能」。

## 三種交叉驗證

1. 與公司自身十年區間及最接近的同業比較**估值倍數**。
2. 以三種情境（悲觀、基準、樂觀）做**現金流折現**，並給出誠實的機率。
3. **下行空間**：若悲觀情境成真，股價可能跌多少。

網站的診斷頁會顯示模型計算的合理價值與下行空間——把它當作起點，再提出你的質疑。`,
        },
      },
      {
        slug: 'risks',
        title: { en: 'Writing the risks that would change your mind', 'zh-Hant': '寫下會改變看法的風險' },
        access: 'full',
        durationMinutes: 22,
        notes: {
          en: `## A thesis you can be wrong about

Every report we publish ends with **three things that would make us sell**: a measurable signal, a level, and where to watch it (a quarterly filing, a regulator's notice, a competitor's pricing).

## Examples

- "Gross margin below 40% for two quarters while peers hold theirs."
- "Net debt above 2.5× EBITDA without an acquisition to explain it."

Writing these down before you buy keeps you honest when the price moves against you.`,
          'zh-Hant': `## 一個可以被證明錯誤的論點

我們每份報告的結尾都有**三個會讓我們賣出的條件**：可量度的訊號、觸發水平，以及在哪裡留意（季度報告、監管公告、競爭對手的定價）。

## 例子

- 「毛利率連續兩季低於 40%，而同業維持不變。」
- 「淨負債高於 EBITDA 的 2.5 倍，而沒有收購可以解釋。」

買入前先寫下來，股價逆向走時，你才能對自己誠實。`,
        },
      },
    ],
  },
  {
    slug: 'sample-options-foundations',
    kind: 'options',
    title: {
      en: 'Options class: from calls and puts to strategies',
      'zh-Hant': '期權課：由認購、認沽到策略',
    },
    summary: {
      en: 'What an option is worth and why, how to use them to hedge or earn income, and the risks the payoff diagrams hide.',
      'zh-Hant': '期權值多少、為甚麼，如何用作對沖或收取收入，以及損益圖沒有告訴你的風險。',
    },
    lessons: [
      {
        slug: 'calls-and-puts',
        title: { en: 'Calls and puts, with real numbers', 'zh-Hant': '以實際數字理解認購與認沽' },
        access: 'partial',
        durationMinutes: 25,
        attachments: [
          {
            name: {
              en: 'Characteristics and Risks of Standardized Options (OCC)',
              'zh-Hant': '標準化期權的特性與風險（OCC）',
            },
            url: 'https://www.theocc.com/company-information/documents-and-archives/options-disclosure-document',
          },
        ],
        notes: {
          en: `## The right, not the obligation

A **call** gives the right to buy 100 shares at the strike price until expiry; a **put** the right to sell. The buyer pays a premium; the seller keeps it and takes the obligation.

## A worked example

Stock at $100, a 3-month $105 call costs $2.50. At expiry:

| Stock price | Call value | Buyer's result |
|---|---|---|
| $95 | $0 | −$250 |
| $105 | $0 | −$250 |
| $110 | $5 | +$250 |

The buyer needs the stock above **$107.50** (strike + premium) just to break even.`,
          'zh-Hant': `## 權利，而非義務

**認購期權**給予持有人在到期前以行使價買入 100 股的權利；**認沽期權**則是賣出的權利。買方支付期權金；賣方收取期權金並承擔義務。

## 實例

股價 100 美元，三個月期、行使價 105 美元的認購期權售 2.50 美元。到期時：

| 股價 | 期權價值 | 買方結果 |
|---|---|---|
| 95 美元 | 0 | −250 美元 |
| 105 美元 | 0 | −250 美元 |
| 110 美元 | 5 美元 | +250 美元 |

股價須高於 **107.50 美元**（行使價 + 期權金）買方才剛好打和。`,
        },
      },
      {
        slug: 'what-drives-the-price',
        title: { en: 'What drives an option’s price', 'zh-Hant': '影響期權價格的因素' },
        access: 'partial',
        durationMinutes: 31,
        notes: {
          en: `## Intrinsic value and time value

An option's premium is what it is worth if exercised now (**intrinsic value**) plus what the remaining time might add (**time value**). Time value shrinks every day — slowly at first, fast in the last month.

## The Greeks in one line each

- **Delta**: how much the option moves for a $1 move in the stock.
- **Theta**: what a day of waiting costs.
- **Vega**: what a one-point change in implied volatility does.

Implied volatility is the market's price of uncertainty: options get expensive before earnings and cheap after them.`,
          'zh-Hant': `## 內在價值與時間值

期權金等於即時行使的價值（**內在價值**）加上剩餘時間可能帶來的價值（**時間值**）。時間值每天都在減少——起初緩慢，最後一個月急速下降。

## 一句話認識希臘字母

- **Delta**：股價變動 1 美元，期權變動多少。
- **Theta**：每等待一天的成本。
- **Vega**：引伸波幅變動一點的影響。

引伸波幅是市場為不確定性定的價：業績公布前期權變貴，公布後變便宜。`,
        },
      },
      {
        slug: 'covered-calls-and-protective-puts',
        title: { en: 'Covered calls and protective puts', 'zh-Hant': '備兌認購與保護性認沽' },
        access: 'full',
        durationMinutes: 38,
        notes: {
          en: `## Earning income on shares you hold

Selling a **covered call** collects premium in exchange for capping your upside at the strike. It suits a stock you would be content to sell at that price — not one you expect to double.

## Insuring a position

Buying a **protective put** sets a floor under a holding for the premium paid. Compare its cost with simply holding a smaller position: insurance you buy every quarter adds up.`,
          'zh-Hant': `## 以持股賺取收入

沽出**備兌認購期權**可收取期權金，代價是把上升空間封頂於行使價。適合你樂意以該價格賣出的股票，而不是預期會翻倍的股票。

## 為持倉買保險

買入**保護性認沽期權**，以期權金為持股設下底線。把成本與「直接減少持倉」比較：每季都買的保險，累積起來並不便宜。`,
        },
      },
      {
        slug: 'spreads',
        title: { en: 'Spreads: limiting both risk and reward', 'zh-Hant': '價差策略：同時限制風險與回報' },
        access: 'full',
        durationMinutes: 44,
        notes: {
          en: `## Vertical spreads

Buying one call and selling a higher-strike call lowers the cost and caps the gain. The maximum loss is the net premium paid; the maximum gain the difference between strikes minus that premium.

## When a spread beats a single option

When implied volatility is high, selling the second option offsets part of the expensive premium. Always size a spread by its **maximum loss**, never by the premium alone.`,
          'zh-Hant': `## 垂直價差

買入一張認購期權，同時沽出行使價較高的認購期權，可降低成本但封頂收益。最大虧損為淨期權金；最大收益為兩個行使價之差減去淨期權金。

## 價差何時勝過單一期權

引伸波幅高企時，沽出第二張期權可抵銷部分昂貴的期權金。決定倉位大小時，一定要以**最大虧損**計算，而不是只看期權金。`,
        },
      },
    ],
  },
  {
    slug: 'sample-live-market-briefing',
    kind: 'live',
    title: { en: 'Live class: the monthly market briefing', 'zh-Hant': '直播課：每月市場簡報' },
    summary: {
      en: 'Our analysts walk through the month’s picks and the markets live, then take questions. Recordings stay here afterwards.',
      'zh-Hant': '分析師直播講解當月精選股票與市場走勢，並即場答問。直播後可在此重溫錄影。',
    },
    lessons: [
      {
        slug: 'next-briefing',
        title: {
          en: 'This month’s briefing: picks and the macro backdrop',
          'zh-Hant': '本月簡報：精選股票與宏觀背景',
        },
        access: 'partial',
        durationMinutes: 60,
        liveInDays: 7,
        liveJoinUrl: 'https://live.example.com/tickerwise/monthly-briefing',
        notes: {
          en: `## What we will cover

1. The month's picks: why each made the list and what would take it off.
2. Rates and earnings season: what moved markets in the US, Hong Kong, Japan and Korea.
3. Your questions — send them in the chat during the class.`,
          'zh-Hant': `## 內容

1. 本月精選股票：每隻入選的原因，以及甚麼情況會令它被剔除。
2. 利率與業績期：美國、香港、日本及韓國市場的主要推動因素。
3. 即場問答——上課時可在聊天室提問。`,
        },
      },
      {
        slug: 'last-briefing',
        title: { en: 'Last month’s briefing (recording notes)', 'zh-Hant': '上月簡報（錄影重點）' },
        access: 'full',
        durationMinutes: 58,
        liveInDays: -14,
        liveJoinUrl: 'https://live.example.com/tickerwise/monthly-briefing-previous',
        notes: {
          en: `## Key points

- **Earnings beat, guidance cautious**: most large caps beat estimates but guided the next quarter flat; markets rewarded cash flow over growth.
- **Hong Kong**: property developers stayed under pressure; we prefer the banks' dividends while rates stay high.
- **Questions we took**: how to size a new position (no more than 5% at cost), and when to average down (only when the thesis, not the price, is unchanged).`,
          'zh-Hant': `## 重點

- **業績勝預期、指引保守**：多數大型股業績勝預期，但下季指引持平；市場偏好現金流多於增長。
- **香港**：地產發展商持續受壓；在高息環境下，我們較看好銀行股的股息。
- **問答重點**：新倉位應佔多少（按成本不超過 5%），以及何時可以攤平（只有在論點而非股價不變時）。`,
        },
      },
      {
        slug: 'how-to-read-a-chart',
        title: { en: 'Workshop recording: reading a price chart', 'zh-Hant': '工作坊錄影：看懂股價圖' },
        access: 'partial',
        durationMinutes: 40,
        attachments: [
          {
            name: { en: 'AI stock diagnosis on Tickerwise', 'zh-Hant': 'Tickerwise AI 股票診斷' },
            url: '/ai-stock-diagnosis',
          },
        ],
        notes: {
          en: `## Trend, not noise

Look at the 200-day average first: above a rising one is an uptrend, below a falling one a downtrend. Everything shorter is detail.

## Volume confirms

A breakout on twice the average volume means buyers are committed; one on thin volume often fails. Use charts to time an entry you have already decided on, not to decide what to own.`,
          'zh-Hant': `## 看趨勢，不看雜訊

先看 200 日平均線：股價在上升的均線之上屬上升趨勢，在下降的均線之下屬下降趨勢。更短期的走勢都只是細節。

## 成交量確認

以兩倍平均成交量突破，代表買家有決心；成交稀疏的突破往往失敗。圖表用來掌握已決定買入的時機，而不是決定買甚麼。`,
        },
      },
    ],
  },
  {
    slug: 'sample-mentorship-portfolio-review',
    kind: 'mentorship',
    title: { en: 'Live mentorship: building your portfolio', 'zh-Hant': '直播導師課：建立你的投資組合' },
    summary: {
      en: 'Small-group sessions with a senior analyst for Premium members: your allocation, your watch list and your questions.',
      'zh-Hant': '為尊享版會員而設的小組課，由資深分析師與你檢視資產配置、觀察名單並解答疑問。',
    },
    lessons: [
      {
        slug: 'allocation',
        title: { en: 'Session 1: your allocation and your goals', 'zh-Hant': '第一課：資產配置與目標' },
        access: 'partial',
        durationMinutes: 50,
        notes: {
          en: `## Before the session

Write down your time horizon, the largest loss you could sit through without selling, and your current holdings by weight.

## What we look at together

- **Concentration**: no single stock above 10%, no sector above 30% unless you mean it.
- **Cash**: a buffer of six months' expenses outside the portfolio, so you never sell at the bottom to pay a bill.
- **Rebalancing**: once or twice a year, by rule, not by feeling.`,
          'zh-Hant': `## 上課前

寫下你的投資年期、可以承受而不賣出的最大虧損，以及目前持股的比重。

## 一起檢視

- **集中度**：單一股票不超過 10%，單一行業不超過 30%，除非你是刻意的。
- **現金**：在投資組合以外預留六個月開支，避免為了付賬而在低位賣出。
- **再平衡**：每年一至兩次，按規則執行，而不是憑感覺。`,
        },
      },
      {
        slug: 'watch-list',
        title: { en: 'Session 2: from watch list to position', 'zh-Hant': '第二課：由觀察名單到建倉' },
        access: 'full',
        durationMinutes: 50,
        notes: {
          en: `## A watch list with prices

For each company on your list, note the price at which you would start a position and why. Without a price, a watch list is just a list of names.

## Building in thirds

Buy a third at your price, a third after the next results confirm the thesis, and the last third on weakness. It keeps one bad day from deciding your average cost.`,
          'zh-Hant': `## 附上價格的觀察名單

為名單上每家公司寫下開始建倉的價格及理由。沒有價格的觀察名單，只是一串公司名稱。

## 分三段建倉

在目標價買入三分之一，下次業績確認論點後再買三分之一，最後三分之一在股價回落時買入。這樣不會讓某一天的表現決定你的平均成本。`,
        },
      },
      {
        slug: 'review',
        title: { en: 'Session 3: reviewing mistakes without regret', 'zh-Hant': '第三課：檢討錯誤而不後悔' },
        access: 'full',
        durationMinutes: 45,
        notes: {
          en: `## Process over outcome

A good decision can lose money and a bad one can make it. Review each closed position against what you wrote when you bought it: was the thesis wrong, the price, or the timing?

## Keep a journal

One paragraph per trade, written on the day. After a year, your own patterns — selling winners too early, holding losers too long — are plain to see.`,
          'zh-Hant': `## 重過程，不重結果

好的決定也可能蝕錢，壞的決定也可能賺錢。把每個已平倉的持倉，與買入時寫下的理由對照：錯的是論點、價格還是時機？

## 寫投資日記

每宗交易在當天寫一段。一年後，你自己的模式——太早賣出贏家、太久持有輸家——便一目了然。`,
        },
      },
    ],
  },
]
