/**
 * US-listed companies of the universe (NYSE and NASDAQ), including the ADRs Taiwan and Hong Kong readers follow
 * (TSMC, Alibaba, ASML). Chinese names are the ones Taiwan media use; Hong Kong forms are aliases.
 * Scale profiles are approximate reference scale (USD; ADRs per ADS), used only to size demo data.
 */
import type { Exchange, Sector } from './market-data.ts'
import { defineListing, type Listing, type ScaleInput } from './universe-listing.ts'

function us(
  code: string,
  exchange: Extract<Exchange, 'NYSE' | 'NASDAQ'>,
  nameEn: string,
  nameZh: string,
  aliases: string[],
  sector: Sector,
  industry: string,
  scale: ScaleInput,
): Listing {
  return defineListing('us', exchange, code, nameEn, nameZh, aliases, sector, industry, scale)
}

// biome-ignore format: one company per row keeps the table reviewable
export const usListings: Listing[] = [
  us('AAPL', 'NASDAQ', 'Apple Inc.', '蘋果', ['Apple', '蘋果公司'], 'information_technology', 'technology_hardware', {
    rev: 416e9, nm: 0.27, gm: 0.47, sh: 14.8e9, px: 250, div: 'low', g: 0.06, fy: 9,
  }),
  us('MSFT', 'NASDAQ', 'Microsoft Corp.', '微軟', ['Microsoft'], 'information_technology', 'software', {
    rev: 282e9, nm: 0.36, gm: 0.69, sh: 7.43e9, px: 480, div: 'low', g: 0.14, fy: 6,
  }),
  us('NVDA', 'NASDAQ', 'NVIDIA Corp.', '輝達', ['NVIDIA', 'Nvidia', '英偉達'], 'information_technology', 'semiconductors', {
    rev: 130e9, nm: 0.56, gm: 0.75, sh: 24.4e9, px: 180, div: 'low', g: 0.45, fy: 1,
  }),
  us('AMZN', 'NASDAQ', 'Amazon.com Inc.', '亞馬遜', ['Amazon'], 'consumer_discretionary', 'broadline_retail', {
    rev: 638e9, nm: 0.093, gm: 0.49, sh: 10.6e9, px: 220, div: 'none', g: 0.11,
  }),
  us('GOOGL', 'NASDAQ', 'Alphabet Inc. (Class A)', 'Alphabet', ['Google', '谷歌', 'GOOG'], 'communication_services', 'interactive_media', {
    rev: 350e9, nm: 0.29, gm: 0.58, sh: 12.1e9, px: 250, div: 'low', g: 0.13,
  }),
  us('META', 'NASDAQ', 'Meta Platforms Inc.', 'Meta', ['Facebook', '臉書', 'Meta Platforms'], 'communication_services', 'interactive_media', {
    rev: 165e9, nm: 0.38, gm: 0.82, sh: 2.52e9, px: 650, div: 'low', g: 0.2,
  }),
  us('TSLA', 'NASDAQ', 'Tesla Inc.', '特斯拉', ['Tesla'], 'consumer_discretionary', 'automobiles', {
    rev: 97.7e9, nm: 0.07, gm: 0.18, sh: 3.22e9, px: 400, div: 'none', g: 0.15,
  }),
  us('AVGO', 'NASDAQ', 'Broadcom Inc.', '博通', ['Broadcom'], 'information_technology', 'semiconductors', {
    rev: 64e9, nm: 0.36, gm: 0.68, sh: 4.7e9, px: 340, div: 'medium', g: 0.2, fy: 10,
  }),
  us('TSM', 'NYSE', 'Taiwan Semiconductor Manufacturing Co. Ltd. (ADR)', '台積電', ['TSMC', '台積', 'Taiwan Semiconductor'], 'information_technology', 'semiconductors', {
    rev: 90e9, nm: 0.4, gm: 0.56, sh: 5.19e9, px: 290, div: 'medium', g: 0.25,
  }),
  us('BRK.B', 'NYSE', 'Berkshire Hathaway Inc. (Class B)', '波克夏', ['Berkshire Hathaway', '巴郡', 'BRK-B', 'BRKB'], 'financials', 'financial_services', {
    rev: 371e9, nm: 0.2, gm: 0.22, sh: 2.16e9, px: 480, div: 'none', g: 0.06,
  }),
  us('JPM', 'NYSE', 'JPMorgan Chase & Co.', '摩根大通', ['JPMorgan', 'JP Morgan', '小摩'], 'financials', 'banks', {
    rev: 178e9, nm: 0.33, sh: 2.75e9, px: 300, div: 'medium', g: 0.08, shape: 'bank',
  }),
  us('V', 'NYSE', 'Visa Inc.', 'Visa', ['Visa Inc', '威士'], 'financials', 'financial_services', {
    rev: 40e9, nm: 0.5, gm: 0.8, sh: 1.95e9, px: 340, div: 'low', g: 0.1, fy: 9,
  }),
  us('MA', 'NYSE', 'Mastercard Inc.', '萬事達卡', ['Mastercard', '萬事達'], 'financials', 'financial_services', {
    rev: 28.2e9, nm: 0.46, gm: 0.77, sh: 0.91e9, px: 560, div: 'low', g: 0.12,
  }),
  us('LLY', 'NYSE', 'Eli Lilly and Co.', '禮來', ['Eli Lilly', 'Lilly'], 'health_care', 'pharmaceuticals', {
    rev: 45e9, nm: 0.23, gm: 0.81, sh: 0.947e9, px: 800, div: 'low', g: 0.2,
  }),
  us('UNH', 'NYSE', 'UnitedHealth Group Inc.', '聯合健康', ['UnitedHealth', '聯合健康保險'], 'health_care', 'health_care_providers', {
    rev: 400e9, nm: 0.036, gm: 0.2, sh: 0.906e9, px: 330, div: 'medium', g: 0.08,
  }),
  us('JNJ', 'NYSE', 'Johnson & Johnson', '嬌生', ['Johnson & Johnson', 'J&J', '強生'], 'health_care', 'pharmaceuticals', {
    rev: 88.8e9, nm: 0.16, gm: 0.69, sh: 2.41e9, px: 190, div: 'medium', g: 0.04,
  }),
  us('XOM', 'NYSE', 'Exxon Mobil Corp.', '艾克森美孚', ['ExxonMobil', 'Exxon', '埃克森美孚'], 'energy', 'oil_gas', {
    rev: 340e9, nm: 0.1, gm: 0.3, sh: 4.3e9, px: 115, div: 'medium', g: 0.03,
  }),
  // Walmart moved its listing from the NYSE to NASDAQ in December 2025.
  us('WMT', 'NASDAQ', 'Walmart Inc.', '沃爾瑪', ['Walmart', 'Wal-Mart'], 'consumer_staples', 'consumer_staples_retail', {
    rev: 681e9, nm: 0.028, gm: 0.247, sh: 8.0e9, px: 100, div: 'low', g: 0.05, fy: 1,
  }),
  us('PG', 'NYSE', 'Procter & Gamble Co.', '寶僑', ['Procter & Gamble', 'P&G', '寶潔'], 'consumer_staples', 'household_products', {
    rev: 84e9, nm: 0.19, gm: 0.51, sh: 2.34e9, px: 155, div: 'medium', g: 0.03, fy: 6,
  }),
  us('HD', 'NYSE', 'Home Depot Inc.', '家得寶', ['Home Depot'], 'consumer_discretionary', 'specialty_retail', {
    rev: 159.5e9, nm: 0.093, gm: 0.334, sh: 0.994e9, px: 380, div: 'medium', g: 0.04, fy: 1,
  }),
  us('COST', 'NASDAQ', 'Costco Wholesale Corp.', '好市多', ['Costco', '開市客'], 'consumer_staples', 'consumer_staples_retail', {
    rev: 275e9, nm: 0.029, gm: 0.127, sh: 0.443e9, px: 920, div: 'low', g: 0.07, fy: 8,
  }),
  us('KO', 'NYSE', 'Coca-Cola Co.', '可口可樂', ['Coca-Cola', 'Coke'], 'consumer_staples', 'beverages', {
    rev: 47e9, nm: 0.23, gm: 0.61, sh: 4.3e9, px: 70, div: 'medium', g: 0.04,
  }),
  us('PEP', 'NASDAQ', 'PepsiCo Inc.', '百事', ['PepsiCo', 'Pepsi', '百事可樂'], 'consumer_staples', 'beverages', {
    rev: 91.9e9, nm: 0.1, gm: 0.55, sh: 1.37e9, px: 145, div: 'high', g: 0.03,
  }),
  us('ORCL', 'NYSE', 'Oracle Corp.', '甲骨文', ['Oracle'], 'information_technology', 'software', {
    rev: 57.4e9, nm: 0.22, gm: 0.7, sh: 2.84e9, px: 230, div: 'low', g: 0.08, fy: 5,
  }),
  // Netflix split its shares 10-for-1 in November 2025; the profile uses post-split figures.
  us('NFLX', 'NASDAQ', 'Netflix Inc.', '網飛', ['Netflix'], 'communication_services', 'entertainment', {
    rev: 39e9, nm: 0.22, gm: 0.46, sh: 4.25e9, px: 110, div: 'none', g: 0.13,
  }),
  us('AMD', 'NASDAQ', 'Advanced Micro Devices Inc.', '超微', ['AMD', 'Advanced Micro Devices'], 'information_technology', 'semiconductors', {
    rev: 25.8e9, nm: 0.064, gm: 0.49, sh: 1.62e9, px: 160, div: 'none', g: 0.1,
  }),
  us('INTC', 'NASDAQ', 'Intel Corp.', '英特爾', ['Intel'], 'information_technology', 'semiconductors', {
    rev: 53.1e9, nm: -0.1, gm: 0.35, sh: 4.4e9, px: 30, div: 'none', g: -0.02,
  }),
  us('CSCO', 'NASDAQ', 'Cisco Systems Inc.', '思科', ['Cisco'], 'information_technology', 'communications_equipment', {
    rev: 56.7e9, nm: 0.18, gm: 0.65, sh: 3.95e9, px: 65, div: 'medium', g: 0.03, fy: 7,
  }),
  us('CRM', 'NYSE', 'Salesforce Inc.', '賽富時', ['Salesforce'], 'information_technology', 'software', {
    rev: 37.9e9, nm: 0.16, gm: 0.77, sh: 0.96e9, px: 250, div: 'low', g: 0.09, fy: 1,
  }),
  us('QCOM', 'NASDAQ', 'Qualcomm Inc.', '高通', ['Qualcomm'], 'information_technology', 'semiconductors', {
    rev: 44e9, nm: 0.26, gm: 0.56, sh: 1.08e9, px: 165, div: 'medium', g: 0.08, fy: 9,
  }),
  us('TXN', 'NASDAQ', 'Texas Instruments Inc.', '德州儀器', ['Texas Instruments', 'TI', '德儀'], 'information_technology', 'semiconductors', {
    rev: 15.6e9, nm: 0.31, gm: 0.58, sh: 0.908e9, px: 180, div: 'medium', g: 0.02,
  }),
  us('MU', 'NASDAQ', 'Micron Technology Inc.', '美光', ['Micron'], 'information_technology', 'semiconductors', {
    rev: 37.4e9, nm: 0.23, gm: 0.4, sh: 1.12e9, px: 150, div: 'low', g: 0.15, fy: 8,
  }),
  us('BAC', 'NYSE', 'Bank of America Corp.', '美國銀行', ['Bank of America', 'BofA', '美銀'], 'financials', 'banks', {
    rev: 102e9, nm: 0.265, sh: 7.6e9, px: 48, div: 'medium', g: 0.04, shape: 'bank',
  }),
  us('WFC', 'NYSE', 'Wells Fargo & Co.', '富國銀行', ['Wells Fargo'], 'financials', 'banks', {
    rev: 82e9, nm: 0.24, sh: 3.25e9, px: 80, div: 'medium', g: 0.03, shape: 'bank',
  }),
  us('GS', 'NYSE', 'Goldman Sachs Group Inc.', '高盛', ['Goldman Sachs', 'Goldman'], 'financials', 'capital_markets', {
    rev: 53.5e9, nm: 0.27, sh: 0.31e9, px: 700, div: 'medium', g: 0.08, shape: 'bank',
  }),
  us('MS', 'NYSE', 'Morgan Stanley', '摩根士丹利', ['Morgan Stanley', '大摩', '摩根史坦利'], 'financials', 'capital_markets', {
    rev: 61.8e9, nm: 0.21, sh: 1.6e9, px: 140, div: 'medium', g: 0.08, shape: 'bank',
  }),
  us('PFE', 'NYSE', 'Pfizer Inc.', '輝瑞', ['Pfizer'], 'health_care', 'pharmaceuticals', {
    rev: 63.6e9, nm: 0.126, gm: 0.72, sh: 5.68e9, px: 25, div: 'high', g: -0.05,
  }),
  us('MRK', 'NYSE', 'Merck & Co. Inc.', '默克', ['Merck', 'MSD'], 'health_care', 'pharmaceuticals', {
    rev: 64.2e9, nm: 0.27, gm: 0.77, sh: 2.5e9, px: 90, div: 'medium', g: 0.05,
  }),
  us('ABBV', 'NYSE', 'AbbVie Inc.', '艾伯維', ['AbbVie'], 'health_care', 'biotechnology', {
    rev: 56.3e9, nm: 0.1, gm: 0.7, sh: 1.77e9, px: 200, div: 'medium', g: 0.04,
  }),
  us('CVX', 'NYSE', 'Chevron Corp.', '雪佛龍', ['Chevron'], 'energy', 'oil_gas', {
    rev: 193e9, nm: 0.09, gm: 0.35, sh: 2.0e9, px: 155, div: 'high', g: 0.02,
  }),
  us('DIS', 'NYSE', 'Walt Disney Co.', '迪士尼', ['Disney', '華特迪士尼'], 'communication_services', 'entertainment', {
    rev: 94.4e9, nm: 0.13, gm: 0.37, sh: 1.8e9, px: 112, div: 'low', g: 0.04, fy: 9,
  }),
  us('MCD', 'NYSE', "McDonald's Corp.", '麥當勞', ["McDonald's", 'McDonalds'], 'consumer_discretionary', 'hotels_restaurants_leisure', {
    rev: 25.9e9, nm: 0.32, gm: 0.57, sh: 0.714e9, px: 300, div: 'medium', g: 0.04,
  }),
  us('NKE', 'NYSE', 'Nike Inc.', '耐吉', ['Nike', '耐克'], 'consumer_discretionary', 'textiles_apparel', {
    rev: 46.3e9, nm: 0.069, gm: 0.43, sh: 1.48e9, px: 65, div: 'medium', g: -0.02, fy: 5,
  }),
  us('SBUX', 'NASDAQ', 'Starbucks Corp.', '星巴克', ['Starbucks'], 'consumer_discretionary', 'hotels_restaurants_leisure', {
    rev: 37.2e9, nm: 0.05, gm: 0.25, sh: 1.14e9, px: 85, div: 'medium', g: 0.03, fy: 9,
  }),
  us('BA', 'NYSE', 'Boeing Co.', '波音', ['Boeing'], 'industrials', 'aerospace_defense', {
    rev: 66.5e9, nm: -0.1, gm: 0.08, sh: 0.76e9, px: 210, div: 'none', g: 0.05,
  }),
  us('CAT', 'NYSE', 'Caterpillar Inc.', '開拓重工', ['Caterpillar', '卡特彼勒'], 'industrials', 'machinery', {
    rev: 64.8e9, nm: 0.17, gm: 0.36, sh: 0.47e9, px: 450, div: 'low', g: 0.03,
  }),
  us('GE', 'NYSE', 'GE Aerospace', '奇異航太', ['GE', 'General Electric', '奇異', '通用電氣'], 'industrials', 'aerospace_defense', {
    rev: 38.7e9, nm: 0.17, gm: 0.37, sh: 1.06e9, px: 280, div: 'low', g: 0.12,
  }),
  us('VZ', 'NYSE', 'Verizon Communications Inc.', '威訊通訊', ['Verizon', '威訊'], 'communication_services', 'telecom_services', {
    rev: 134.8e9, nm: 0.13, gm: 0.6, sh: 4.22e9, px: 41, div: 'high', g: 0.01,
  }),
  us('UBER', 'NYSE', 'Uber Technologies Inc.', '優步', ['Uber'], 'industrials', 'ground_transportation', {
    rev: 44e9, nm: 0.2, gm: 0.39, sh: 2.09e9, px: 90, div: 'none', g: 0.17,
  }),
  // The Hong Kong line (9988) carries the plain names and aliases; this ADR is named as the ADR.
  us('BABA', 'NYSE', 'Alibaba Group Holding Ltd. (ADR)', '阿里巴巴ADR', ['Alibaba ADR', '阿里巴巴美股'], 'consumer_discretionary', 'broadline_retail', {
    rev: 137e9, nm: 0.13, gm: 0.4, sh: 2.3e9, px: 140, div: 'low', g: 0.06, fy: 3,
  }),
  us('PDD', 'NASDAQ', 'PDD Holdings Inc.', '拼多多', ['PDD', 'Pinduoduo', 'Temu'], 'consumer_discretionary', 'broadline_retail', {
    rev: 54e9, nm: 0.28, gm: 0.61, sh: 1.42e9, px: 120, div: 'none', g: 0.4,
  }),
  us('CPNG', 'NYSE', 'Coupang Inc.', '酷澎', ['Coupang'], 'consumer_discretionary', 'broadline_retail', {
    rev: 30.3e9, nm: 0.005, gm: 0.29, sh: 1.8e9, px: 28, div: 'none', g: 0.2,
  }),
  us('NEE', 'NYSE', 'NextEra Energy Inc.', '新紀元能源', ['NextEra', 'NextEra Energy'], 'utilities', 'electric_utilities', {
    rev: 24.8e9, nm: 0.28, gm: 0.6, sh: 2.06e9, px: 75, div: 'medium', g: 0.04,
  }),
  // Linde moved its US listing from the NYSE to NASDAQ in March 2023.
  us('LIN', 'NASDAQ', 'Linde plc', '林德', ['Linde'], 'materials', 'chemicals', {
    rev: 33e9, nm: 0.2, gm: 0.48, sh: 0.475e9, px: 450, div: 'low', g: 0.02,
  }),
  us('PLD', 'NYSE', 'Prologis Inc.', '安博', ['Prologis'], 'real_estate', 'reits', {
    rev: 8.2e9, nm: 0.45, gm: 0.75, sh: 0.93e9, px: 115, div: 'medium', g: 0.08,
  }),
  us('AMT', 'NYSE', 'American Tower Corp.', '美國電塔', ['American Tower'], 'real_estate', 'reits', {
    rev: 10.1e9, nm: 0.22, gm: 0.72, sh: 0.468e9, px: 190, div: 'medium', g: 0.03,
  }),
  us('ASML', 'NASDAQ', 'ASML Holding N.V. (ADR)', '艾司摩爾', ['ASML Holding', '阿斯麥'], 'information_technology', 'semiconductor_equipment', {
    rev: 30.6e9, nm: 0.27, gm: 0.51, sh: 0.393e9, px: 750, div: 'low', g: 0.12,
  }),
  us('AMAT', 'NASDAQ', 'Applied Materials Inc.', '應用材料', ['Applied Materials', '應材'], 'information_technology', 'semiconductor_equipment', {
    rev: 28.4e9, nm: 0.25, gm: 0.48, sh: 0.8e9, px: 180, div: 'low', g: 0.06, fy: 10,
  }),
  us('LMT', 'NYSE', 'Lockheed Martin Corp.', '洛克希德馬丁', ['Lockheed Martin', '洛馬'], 'industrials', 'aerospace_defense', {
    rev: 71e9, nm: 0.075, gm: 0.1, sh: 0.233e9, px: 470, div: 'medium', g: 0.03,
  }),
  us('UNP', 'NYSE', 'Union Pacific Corp.', '聯合太平洋', ['Union Pacific'], 'industrials', 'ground_transportation', {
    rev: 24.3e9, nm: 0.27, gm: 0.45, sh: 0.6e9, px: 230, div: 'medium', g: 0.02,
  }),
]
