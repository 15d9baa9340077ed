/**
 * The company texts a new database starts with. Titles and Markdown bodies live in seed/{locale}/{key}.md so
 * writers can edit prose without touching code; the structured parts (service groups, milestones, stats, footer
 * links) are written here, each entry holding both languages side by side so the two versions cannot drift apart.
 * Decides nothing about rendering or caching: the service renders and sanitises the Markdown when a page asks.
 */
import { readFile } from 'node:fs/promises'
import { type Locale, locales } from '#contracts/regions.ts'
import { type SiteTextData, SiteTextKey } from '#contracts/site.ts'
import type { LocalizedText } from '#server/db/columns.ts'

export type SiteTextSeedRow = {
  key: SiteTextKey
  locale: Locale
  title: string
  bodyMarkdown: string
  data: SiteTextData
}

export class SiteTextSeedError extends Error {
  override name = 'SiteTextSeedError'
}

/** Reads every key in both languages; fails loudly on a missing or malformed file rather than seeding half. */
export async function loadSiteTextSeed(): Promise<SiteTextSeedRow[]> {
  const reads = SiteTextKey.options.flatMap((key) =>
    locales.map(async (locale): Promise<SiteTextSeedRow> => {
      const file = new URL(`./seed/${locale}/${key}.md`, import.meta.url)
      const { title, bodyMarkdown } = parseSiteTextMarkdown(
        await readFile(file, 'utf8'),
        `${locale}/${key}.md`,
      )
      return { key, locale, title, bodyMarkdown, data: structuredData(key, locale) }
    }),
  )
  return Promise.all(reads)
}

/** A seed file's first line is `# Title`; everything after it is the body. */
export function parseSiteTextMarkdown(
  source: string,
  fileName: string,
): { title: string; bodyMarkdown: string } {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  const newline = text.indexOf('\n')
  const firstLine = newline === -1 ? text : text.slice(0, newline)
  const heading = /^# (.+)$/.exec(firstLine.trim())
  const title = heading?.[1]?.trim()
  if (!title) throw new SiteTextSeedError(`${fileName}: the first line must be "# Title"`)
  const bodyMarkdown = newline === -1 ? '' : text.slice(newline + 1).trim()
  return { title, bodyMarkdown }
}

function structuredData(key: SiteTextKey, locale: Locale): SiteTextData {
  switch (key) {
    case 'about-us':
      return { stats: marketingStats.map((stat) => ({ value: stat.value, label: stat.label[locale] })) }
    case 'service':
      return {
        groups: serviceGroups.map((group) => ({
          title: group.title[locale],
          content: group.items.map((item) => ({ description: item[locale] })),
        })),
      }
    case 'history':
      return {
        milestones: milestones.map((m) => ({
          year: m.year,
          title: m.title[locale],
          description: m.description[locale],
        })),
      }
    case 'footer':
      return {
        tagline: footerTagline[locale],
        links: footerLinks.map((link) => ({ label: link.label[locale], href: link.href })),
      }
    default:
      return {}
  }
}

/** The firm's marketing claims; the about-us body states the same figures in words. */
const marketingStats: { value: string; label: LocalizedText }[] = [
  { value: '8,000+', label: { en: 'Clients', 'zh-Hant': '客戶' } },
  { value: '20,000+', label: { en: 'Private users', 'zh-Hant': '私人用戶' } },
  { value: '30', label: { en: 'Years of experience', 'zh-Hant': '年經驗' } },
]

/** Prices are deliberately absent: the subscribe page is the one place that shows them. */
const serviceGroups: { title: LocalizedText; items: LocalizedText[] }[] = [
  {
    title: { en: 'Investment research', 'zh-Hant': '投資研究' },
    items: [
      {
        en: 'News and analysis articles on companies, sectors and markets in Hong Kong, the US, Japan and Korea, grouped by topic and by market and searchable by keyword and tag.',
        'zh-Hant':
          '港股、美股、日股和韓股的公司、產業與市場新聞及分析文章，依主題和市場分類，可用關鍵字和標籤搜尋。',
      },
      {
        en: 'Hot stocks: short interpretations of the stocks drawing the most attention, with a measure of market heat and what is driving it.',
        'zh-Hant': '熱門股：簡明解讀最受關注的股票，附上市場熱度指標及背後的推動因素。',
      },
      {
        en: 'Valuation lists: the most undervalued and most overvalued stocks we cover, each with its fair value, its margin of safety or premium to fair value, and the method behind it.',
        'zh-Hant':
          '估值排行：研究範圍內最被低估與最被高估的股票，每一檔都附上合理價值、安全邊際或較合理價溢價，以及計算方法。',
      },
    ],
  },
  {
    title: { en: 'AI tools', 'zh-Hant': 'AI 工具' },
    items: [
      {
        en: 'AI stock diagnosis: enter a stock name or code to receive scores for fundamentals, trend, profitability, financial health, valuation and more, with support and resistance levels and a written summary.',
        'zh-Hant':
          'AI 診股：輸入股票名稱或代號，即可取得基本面、趨勢、獲利能力、財務健康、估值等多項評分，以及支撐位、壓力位和文字摘要。',
      },
      {
        en: 'AI chat: ask questions about stocks and markets in plain language, attach files for context, and keep, rename or delete your conversations.',
        'zh-Hant':
          'AI 問答：用日常語言提問股票和市場問題，可附加檔案作為參考，對話紀錄可保留、重新命名或刪除。',
      },
      {
        en: 'Visitors can try both tools a limited number of times; logging in gives more attempts, and subscribers receive a monthly diagnosis allowance.',
        'zh-Hant': '訪客可有限次數試用兩項工具；登入後可獲得更多次數，訂閱用戶則享有每月診股額度。',
      },
    ],
  },
  {
    title: { en: 'Subscription tiers', 'zh-Hant': '訂閱方案' },
    items: [
      {
        en: 'Base: 5 stock picks and 20 AI diagnoses a month, with three curated portfolio strategies.',
        'zh-Hant': '基礎版：每月 5 檔精選股、20 次 AI 診股，並提供 3 套精選投資組合策略。',
      },
      {
        en: 'Plus: 10 stock picks and 30 AI diagnoses a month, with all public portfolio strategies.',
        'zh-Hant': '進階版：每月 10 檔精選股、30 次 AI 診股，並可使用全部公開投資組合策略。',
      },
      {
        en: 'Premium: 30+ stock picks and 60 AI diagnoses a month, analyst-exclusive portfolio strategies and a dedicated one-to-one advisor.',
        'zh-Hant':
          '尊享版：每月 30 檔以上精選股、60 次 AI 診股、分析師專屬投資組合策略，以及一對一專屬顧問。',
      },
      {
        en: 'Every subscription includes the investment academy and expert diagnosis, with fuller deep-dive reports and classes on higher tiers; the subscribe page compares the tiers line by line.',
        'zh-Hant':
          '所有訂閱皆包含投資學院和專家診股，方案越高，深度報告和課程內容越完整；各方案的逐項比較請見訂閱頁面。',
      },
      {
        en: 'Subscribe by the month, quarter or year. Prices for each tier and period are shown on the subscribe page.',
        'zh-Hant': '可選擇按月、按季或按年訂閱，各方案及週期的價格請見訂閱頁面。',
      },
      {
        en: 'First-time subscribers can ask for a full refund within 7 days of payment, no reason needed.',
        'zh-Hant': '首次訂閱用戶可在付款後 7 天內申請全額退款，無須說明理由。',
      },
    ],
  },
  {
    title: { en: 'Investment academy', 'zh-Hant': '投資學院' },
    items: [
      {
        en: 'Structured courses in the classroom, from reading financial statements to valuing a company and building a portfolio.',
        'zh-Hant': '學院課堂提供循序漸進的課程，從看懂財務報表，到評估公司價值、建立投資組合。',
      },
      {
        en: 'Options classes and live practical classes, with fuller access on higher tiers.',
        'zh-Hant': '期權課程與實戰直播課，方案越高，可參加的內容越完整。',
      },
      {
        en: 'The portfolio guidance we teach: spread your money across about 25 or more stocks and plan to hold them for at least 5 years.',
        'zh-Hant': '我們教的投資組合原則：把資金分散在大約 25 檔或以上的股票，並以持有至少 5 年為規劃。',
      },
      {
        en: 'Open the classroom from the link in the header once you are logged in.',
        'zh-Hant': '登入後，從頁首的連結即可進入學院課堂。',
      },
    ],
  },
  {
    title: { en: 'Client service', 'zh-Hant': '客戶服務' },
    items: [
      {
        en: 'Reach us by phone, email, WhatsApp, Line, KakaoTalk or Telegram; the current details are on our contact us page.',
        'zh-Hant':
          '可透過電話、電子郵件、WhatsApp、Line、KakaoTalk 或 Telegram 聯絡我們，最新聯絡方式請見「聯絡我們」頁面。',
      },
      {
        en: 'Our team answers in English and Traditional Chinese, Monday to Friday, 9:00 am to 6:00 pm Hong Kong time.',
        'zh-Hant': '客服團隊以繁體中文和英文服務，時間為週一至週五，香港時間上午 9:00 至下午 6:00。',
      },
      {
        en: 'Help with logging in, subscriptions, refunds and using our tools, and a written reply to every complaint.',
        'zh-Hant': '協助處理登入、訂閱、退款和工具使用問題，每一宗投訴都會以書面回覆。',
      },
      {
        en: 'Leave your email, and your phone number for a call back, in the contact form to hear from us.',
        'zh-Hant': '在聯絡表單留下電子郵件，如需回電也請留下電話號碼，我們會主動與你聯絡。',
      },
    ],
  },
]

const milestones: { year: string; title: LocalizedText; description: LocalizedText }[] = [
  {
    year: '1996',
    title: { en: 'Founded in Hong Kong', 'zh-Hant': '在香港成立' },
    description: {
      en: 'Tickerwise begins as a small independent research desk in Hong Kong, writing weekly notes on Hong Kong-listed companies for private investors.',
      'zh-Hant': '智選研究以一個小型獨立研究組在香港起步，每週為個人投資者撰寫港股上市公司的研究筆記。',
    },
  },
  {
    year: '1999',
    title: { en: 'US stocks join the coverage', 'zh-Hant': '開始研究美股' },
    description: {
      en: 'Readers ask about the American companies they own, and we add large US companies to our coverage with a monthly letter comparing the two markets.',
      'zh-Hant':
        '讀者開始詢問手上的美國公司，我們將美國大型企業納入研究範圍，並推出每月比較港美兩地市場的研究通訊。',
    },
  },
  {
    year: '2001',
    title: { en: 'First online research subscription', 'zh-Hant': '推出首個線上研究訂閱' },
    description: {
      en: 'Our research moves online: subscribers read reports and download our valuation tables from a members’ website.',
      'zh-Hant': '研究正式上網：訂閱用戶可在會員網站閱讀報告，並下載我們的估值表。',
    },
  },
  {
    year: '2005',
    title: { en: 'A team for Taiwan', 'zh-Hant': '成立台灣團隊' },
    description: {
      en: 'An editorial team in Taipei starts writing for investors in Taiwan, and Traditional Chinese editions become standard for all our research.',
      'zh-Hant': '台北編輯團隊開始為台灣投資人撰稿，所有研究自此都有繁體中文版本。',
    },
  },
  {
    year: '2009',
    title: { en: 'Japan coverage', 'zh-Hant': '研究範圍擴及日本' },
    description: {
      en: 'Our analysts begin covering Japanese companies, starting with the exporters and consumer brands widely held by investors across Asia.',
      'zh-Hant': '分析師開始研究日本企業，先從亞洲投資人普遍持有的出口企業和消費品牌著手。',
    },
  },
  {
    year: '2012',
    title: { en: 'Korea coverage', 'zh-Hant': '研究範圍擴及韓國' },
    description: {
      en: 'Korean-listed companies join the coverage, completing the four markets we follow today: Hong Kong, the US, Japan and Korea.',
      'zh-Hant': '韓國上市公司納入研究範圍，形成我們今天關注的四個市場：香港、美國、日本與韓國。',
    },
  },
  {
    year: '2014',
    title: { en: 'Research on your phone', 'zh-Hant': '研究走進手機' },
    description: {
      en: 'A mobile site and alerts bring new research to readers’ phones on the day it is published.',
      'zh-Hant': '推出手機版網站和提醒通知，新研究發布當天就能送到讀者手機上。',
    },
  },
  {
    year: '2017',
    title: { en: 'The investment academy opens', 'zh-Hant': '投資學院開課' },
    description: {
      en: 'Our online classroom turns the methods our analysts use into courses, from first principles to building a portfolio.',
      'zh-Hant': '線上課堂把分析師使用的方法整理成課程，從基本觀念一路教到建立投資組合。',
    },
  },
  {
    year: '2020',
    title: { en: 'One scoring framework, four markets', 'zh-Hant': '一套評分框架，橫跨四個市場' },
    description: {
      en: 'A single scoring framework is applied to every stock we cover, and we begin publishing lists of the most undervalued and most overvalued stocks.',
      'zh-Hant': '研究範圍內的每一檔股票都採用同一套評分框架，我們也開始發布最被低估與最被高估的股票排行。',
    },
  },
  {
    year: '2024',
    title: { en: 'AI tools for every reader', 'zh-Hant': 'AI 工具開放給所有讀者' },
    description: {
      en: 'AI stock diagnosis and AI chat put our data and scoring framework behind a single question, for visitors and subscribers alike.',
      'zh-Hant': 'AI 診股和 AI 問答讓我們的數據和評分框架，只需一個問題就能用上，訪客和訂閱用戶都能使用。',
    },
  },
]

const footerTagline: LocalizedText = {
  en: 'Independent research for the markets you invest in',
  'zh-Hant': '你投資的市場，我們獨立研究',
}

/** Labels match the titles of the pages they open; /company-history is the history text's page. */
const footerLinks: { href: string; label: LocalizedText }[] = [
  { href: '/user-agreement', label: { en: 'User agreement', 'zh-Hant': '用戶協議' } },
  { href: '/privacy-policy', label: { en: 'Privacy policy', 'zh-Hant': '隱私政策' } },
  { href: '/cookie-policy', label: { en: 'Cookie policy', 'zh-Hant': 'Cookie 政策' } },
  { href: '/description', label: { en: 'Important information', 'zh-Hant': '重要資訊' } },
  { href: '/about-us', label: { en: 'About us', 'zh-Hant': '關於我們' } },
  { href: '/service', label: { en: 'Our services', 'zh-Hant': '我們的服務' } },
  { href: '/company-history', label: { en: 'Company history', 'zh-Hant': '公司沿革' } },
  { href: '/contact-us', label: { en: 'Contact us', 'zh-Hant': '聯絡我們' } },
]
