/**
 * The house analysts who sign the seed articles. An author key in an article's front matter must be one of these;
 * names and biographies are shown on the article page in the reader's language.
 */
import type { SeedAuthor } from './seed-corpus.ts'

export const seedAuthors: readonly SeedAuthor[] = [
  {
    key: 'grace-lin',
    name: { en: 'Grace Lin', 'zh-Hant': '林嘉慧' },
    bio: {
      en: 'Senior analyst for US technology and semiconductors. Follows how AI spending moves through the chip supply chain, from designers to foundries and memory makers.',
      'zh-Hant':
        '美股科技與半導體資深分析師，追蹤人工智慧支出如何在晶片供應鏈中傳導，從晶片設計、晶圓代工到記憶體廠商。',
    },
  },
  {
    key: 'kenneth-wong',
    name: { en: 'Kenneth Wong', 'zh-Hant': '黃家朗' },
    bio: {
      en: 'Analyst for Hong Kong and China equities, covering internet platforms, banks and high-dividend stocks listed in Hong Kong.',
      'zh-Hant': '港股與中國股票分析師，研究範圍涵蓋網路平台、銀行股及在香港上市的高息股。',
    },
  },
  {
    key: 'yuki-tanaka',
    name: { en: 'Yuki Tanaka', 'zh-Hant': '田中由紀' },
    bio: {
      en: 'Japan equities analyst. Writes about corporate governance reform, capital allocation and the exporters that move with the yen.',
      'zh-Hant': '日股分析師，專注公司治理改革、資本配置，以及隨日圓波動的出口企業。',
    },
  },
  {
    key: 'park-min-jun',
    name: { en: 'Park Min-jun', 'zh-Hant': '朴敏俊' },
    bio: {
      en: 'Korea equities analyst covering memory chips, autos, batteries and the financial groups at the centre of the Value-up programme.',
      'zh-Hant': '韓股分析師，研究記憶體晶片、汽車、電池，以及「企業價值提升計畫」核心的金融集團。',
    },
  },
  {
    key: 'daniel-chen',
    name: { en: 'Daniel Chen', 'zh-Hant': '陳大為' },
    bio: {
      en: 'Head of investment education. Writes the guides on valuation, income investing, interest rates and building a diversified portfolio.',
      'zh-Hant': '投資教育主管，負責估值、收息投資、利率與分散投資組合等入門與進階指南。',
    },
  },
]
