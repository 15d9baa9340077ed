/**
 * Two sample advisers (issue 15), so support can assign one to a Premium member the day the site starts. Inserted
 * only while there is no adviser at all: once support has added, edited or deactivated any, the list is theirs.
 * Marked `isSample`, so the reader's page labels them; their channels use reserved addresses and numbers.
 */
import type { Db } from '#server/db/database.ts'
import { countAdvisers, insertAdviser, type NewAdviserRow } from './advisers.repo.ts'

export const sampleAdvisers: NewAdviserRow[] = [
  {
    name: { en: 'Grace Lam', 'zh-Hant': '林嘉欣' },
    bio: {
      en: 'Fifteen years with Hong Kong and US equities. Grace reviews portfolios for balance and risk, and explains what the analysts’ monthly picks mean for yours.',
      'zh-Hant':
        '專注港股及美股十五年。嘉欣協助檢視投資組合的配置與風險，並解說分析師每月精選股票對您的組合有何意義。',
    },
    channels: [
      { kind: 'phone', value: '+85221234567' },
      { kind: 'whatsapp', value: '+85291234567' },
      { kind: 'email', value: 'grace.lam@example.com' },
    ],
    active: true,
    isSample: true,
  },
  {
    name: { en: 'Kenji Sato', 'zh-Hant': '佐藤健二' },
    bio: {
      en: 'Covers Japanese and Korean markets, with a focus on dividend and value stocks. Kenji helps members plan regular investing and read company results.',
      'zh-Hant': '負責日本及韓國市場，專注股息股及價值股。健二協助會員規劃定期投資及解讀公司業績。',
    },
    channels: [
      { kind: 'line', value: 'kenji.sato.demo' },
      { kind: 'telegram', value: 'kenji_sato_demo' },
      { kind: 'email', value: 'kenji.sato@example.com' },
    ],
    active: true,
    isSample: true,
  },
]

export async function insertSampleAdvisersIfNone(db: Db): Promise<void> {
  if ((await countAdvisers(db)) > 0) return
  for (const adviser of sampleAdvisers) await insertAdviser(db, adviser)
}
