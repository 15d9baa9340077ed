/**
 * Hong Kong-listed companies of the universe (HKEX main board), with codes written as readers type them: four
 * digits with leading zeros (`0700`). Chinese names are the exchange's Traditional Chinese short names as Hong Kong
 * media use them. Scale profiles are approximate reference scale in HKD (CNY reporters converted at about 1.085,
 * USD reporters at 7.8), used only to size demo data.
 */
import type { Sector } from './market-data.ts'
import { defineListing, type Listing, type ScaleInput } from './universe-listing.ts'

function hk(
  code: string,
  nameEn: string,
  nameZh: string,
  aliases: string[],
  sector: Sector,
  industry: string,
  scale: ScaleInput,
): Listing {
  return defineListing('hk', 'HKEX', code, nameEn, nameZh, aliases, sector, industry, scale)
}

// biome-ignore format: one company per row keeps the table reviewable
export const hkListings: Listing[] = [
  hk('0001', 'CK Hutchison Holdings Ltd.', '長江和記實業', ['長和', 'CK Hutchison', 'CKH'], 'industrials', 'industrial_conglomerates', {
    rev: 277e9, nm: 0.064, gm: 0.4, sh: 3.83e9, px: 45, div: 'high', g: 0.01,
  }),
  hk('0002', 'CLP Holdings Ltd.', '中電控股', ['中電', 'CLP'], 'utilities', 'electric_utilities', {
    rev: 87.9e9, nm: 0.13, gm: 0.35, sh: 2.53e9, px: 65, div: 'high', g: 0.02,
  }),
  hk('0003', 'Hong Kong and China Gas Co. Ltd.', '香港中華煤氣', ['煤氣', '中華煤氣', 'Towngas', 'HK & China Gas'], 'utilities', 'gas_utilities', {
    rev: 55.5e9, nm: 0.1, gm: 0.3, sh: 18.7e9, px: 6.8, div: 'high', g: 0.02,
  }),
  hk('0005', 'HSBC Holdings plc', '滙豐控股', ['滙豐', '匯豐', '匯豐控股', 'HSBC'], 'financials', 'banks', {
    rev: 514e9, nm: 0.34, sh: 17.5e9, px: 100, div: 'high', g: 0.03, shape: 'bank',
  }),
  hk('0012', 'Henderson Land Development Co. Ltd.', '恒基兆業地產', ['恒基地產', '恒地', 'Henderson Land'], 'real_estate', 'real_estate_development', {
    rev: 20.5e9, nm: 0.25, gm: 0.35, sh: 4.84e9, px: 25, div: 'high', g: 0,
  }),
  hk('0016', 'Sun Hung Kai Properties Ltd.', '新鴻基地產', ['新地', 'SHKP', 'Sun Hung Kai'], 'real_estate', 'real_estate_development', {
    rev: 71.5e9, nm: 0.3, gm: 0.45, sh: 2.9e9, px: 90, div: 'high', g: 0, fy: 6,
  }),
  hk('0027', 'Galaxy Entertainment Group Ltd.', '銀河娛樂', ['銀娛', 'Galaxy Entertainment'], 'consumer_discretionary', 'hotels_restaurants_leisure', {
    rev: 43.4e9, nm: 0.2, gm: 0.4, sh: 4.37e9, px: 38, div: 'medium', g: 0.1,
  }),
  hk('0066', 'MTR Corp. Ltd.', '港鐵公司', ['港鐵', 'MTR'], 'industrials', 'ground_transportation', {
    rev: 59.9e9, nm: 0.13, gm: 0.35, sh: 6.22e9, px: 28, div: 'high', g: 0.05,
  }),
  hk('0151', 'Want Want China Holdings Ltd.', '中國旺旺', ['旺旺', 'Want Want'], 'consumer_staples', 'food_products', {
    rev: 25.6e9, nm: 0.17, gm: 0.47, sh: 11.8e9, px: 5.2, div: 'high', g: 0, fy: 3,
  }),
  hk('0175', 'Geely Automobile Holdings Ltd.', '吉利汽車', ['吉利', 'Geely'], 'consumer_discretionary', 'automobiles', {
    rev: 260e9, nm: 0.069, gm: 0.16, sh: 10.1e9, px: 17, div: 'medium', g: 0.2,
  }),
  hk('0267', 'CITIC Ltd.', '中信股份', ['中國中信', 'CITIC'], 'industrials', 'industrial_conglomerates', {
    rev: 815e9, nm: 0.077, gm: 0.2, sh: 29.1e9, px: 10, div: 'high', g: 0.02,
  }),
  hk('0285', 'BYD Electronic (International) Co. Ltd.', '比亞迪電子', ['比電', 'BYD Electronic'], 'information_technology', 'electronic_equipment', {
    rev: 192e9, nm: 0.024, gm: 0.07, sh: 2.25e9, px: 36, div: 'medium', g: 0.2,
  }),
  hk('0291', 'China Resources Beer (Holdings) Co. Ltd.', '華潤啤酒', ['CR Beer', '雪花啤酒'], 'consumer_staples', 'beverages', {
    rev: 42e9, nm: 0.123, gm: 0.42, sh: 3.24e9, px: 27, div: 'medium', g: 0,
  }),
  hk('0322', 'Tingyi (Cayman Islands) Holding Corp.', '康師傅控股', ['康師傅', 'Tingyi'], 'consumer_staples', 'food_products', {
    rev: 87.6e9, nm: 0.046, gm: 0.33, sh: 5.63e9, px: 11.5, div: 'high', g: 0,
  }),
  hk('0386', 'China Petroleum & Chemical Corp.', '中國石油化工股份', ['中石化', 'Sinopec'], 'energy', 'oil_gas', {
    rev: 3340e9, nm: 0.016, gm: 0.16, sh: 121e9, px: 4.3, div: 'high', g: -0.02,
  }),
  hk('0388', 'Hong Kong Exchanges and Clearing Ltd.', '香港交易所', ['港交所', 'HKEX', 'HKEx'], 'financials', 'capital_markets', {
    rev: 22.4e9, nm: 0.58, gm: 0.9, sh: 1.27e9, px: 380, div: 'medium', g: 0.08,
  }),
  hk('0669', 'Techtronic Industries Co. Ltd.', '創科實業', ['創科', 'TTI', 'Techtronic'], 'industrials', 'machinery', {
    rev: 114e9, nm: 0.075, gm: 0.4, sh: 1.83e9, px: 95, div: 'medium', g: 0.05,
  }),
  hk('0688', 'China Overseas Land & Investment Ltd.', '中國海外發展', ['中海外', 'COLI', 'China Overseas Land'], 'real_estate', 'real_estate_development', {
    rev: 201e9, nm: 0.083, gm: 0.15, sh: 10.9e9, px: 13, div: 'high', g: -0.05,
  }),
  hk('0700', 'Tencent Holdings Ltd.', '騰訊控股', ['騰訊', 'Tencent'], 'communication_services', 'interactive_media', {
    rev: 717e9, nm: 0.29, gm: 0.53, sh: 9.2e9, px: 500, div: 'low', g: 0.08,
  }),
  hk('0728', 'China Telecom Corp. Ltd.', '中國電信', ['China Telecom'], 'communication_services', 'telecom_services', {
    rev: 568e9, nm: 0.063, gm: 0.3, sh: 91.5e9, px: 5.5, div: 'high', g: 0.03,
  }),
  hk('0762', 'China Unicom (Hong Kong) Ltd.', '中國聯通', ['China Unicom'], 'communication_services', 'telecom_services', {
    rev: 423e9, nm: 0.053, gm: 0.3, sh: 30.6e9, px: 9, div: 'high', g: 0.03,
  }),
  hk('0823', 'Link Real Estate Investment Trust', '領展房地產投資信託基金', ['領展', 'Link REIT'], 'real_estate', 'reits', {
    rev: 13.6e9, nm: 0.4, gm: 0.75, sh: 2.58e9, px: 37, div: 'high', g: 0.05, fy: 3,
  }),
  hk('0857', 'PetroChina Co. Ltd.', '中國石油股份', ['中石油', 'PetroChina'], 'energy', 'oil_gas', {
    rev: 3190e9, nm: 0.055, gm: 0.22, sh: 183e9, px: 6.5, div: 'high', g: 0,
  }),
  hk('0883', 'CNOOC Ltd.', '中國海洋石油', ['中海油', 'CNOOC'], 'energy', 'oil_gas', {
    rev: 456e9, nm: 0.33, gm: 0.5, sh: 47.5e9, px: 18, div: 'high', g: 0.05,
  }),
  hk('0939', 'China Construction Bank Corp.', '建設銀行', ['建行', 'CCB', 'China Construction Bank'], 'financials', 'banks', {
    rev: 814e9, nm: 0.44, sh: 250e9, px: 7.5, div: 'high', g: 0.01, shape: 'bank',
  }),
  hk('0941', 'China Mobile Ltd.', '中國移動', ['中移動', 'China Mobile'], 'communication_services', 'telecom_services', {
    rev: 1129e9, nm: 0.13, gm: 0.28, sh: 21.5e9, px: 85, div: 'high', g: 0.03,
  }),
  hk('0981', 'Semiconductor Manufacturing International Corp.', '中芯國際', ['中芯', 'SMIC'], 'information_technology', 'semiconductors', {
    rev: 62.6e9, nm: 0.062, gm: 0.18, sh: 8.0e9, px: 55, div: 'none', g: 0.25,
  }),
  hk('0992', 'Lenovo Group Ltd.', '聯想集團', ['聯想', 'Lenovo'], 'information_technology', 'technology_hardware', {
    rev: 539e9, nm: 0.02, gm: 0.16, sh: 12.4e9, px: 10, div: 'high', g: 0.1, fy: 3,
  }),
  hk('1024', 'Kuaishou Technology', '快手', ['快手-W', 'Kuaishou'], 'communication_services', 'interactive_media', {
    rev: 138e9, nm: 0.12, gm: 0.55, sh: 4.3e9, px: 60, div: 'none', g: 0.12,
  }),
  hk('1088', 'China Shenhua Energy Co. Ltd.', '中國神華', ['神華', 'China Shenhua'], 'energy', 'oil_gas', {
    rev: 367e9, nm: 0.17, gm: 0.35, sh: 19.9e9, px: 32, div: 'high', g: -0.02,
  }),
  hk('1109', 'China Resources Land Ltd.', '華潤置地', ['華置', 'CR Land'], 'real_estate', 'real_estate_development', {
    rev: 303e9, nm: 0.091, gm: 0.18, sh: 7.13e9, px: 27, div: 'high', g: 0.05,
  }),
  hk('1113', 'CK Asset Holdings Ltd.', '長江實業集團', ['長實', 'CK Asset'], 'real_estate', 'real_estate_development', {
    rev: 46.7e9, nm: 0.29, gm: 0.4, sh: 3.5e9, px: 33, div: 'high', g: -0.03,
  }),
  hk('1177', 'Sino Biopharmaceutical Ltd.', '中國生物製藥', ['中生製藥', 'Sino Biopharm'], 'health_care', 'pharmaceuticals', {
    rev: 31.4e9, nm: 0.12, gm: 0.8, sh: 18.8e9, px: 5, div: 'low', g: 0.05,
  }),
  // BYD issued bonus and capitalisation shares in 2025 (8 + 12 for every 10); the profile uses post-issue figures.
  hk('1211', 'BYD Co. Ltd.', '比亞迪股份', ['比亞迪', 'BYD'], 'consumer_discretionary', 'automobiles', {
    rev: 843e9, nm: 0.052, gm: 0.195, sh: 9.1e9, px: 110, div: 'low', g: 0.3,
  }),
  hk('1288', 'Agricultural Bank of China Ltd.', '農業銀行', ['農行', 'Agricultural Bank of China'], 'financials', 'banks', {
    rev: 770e9, nm: 0.38, sh: 350e9, px: 5, div: 'high', g: 0.02, shape: 'bank',
  }),
  hk('1299', 'AIA Group Ltd.', '友邦保險', ['友邦', 'AIA'], 'financials', 'insurance', {
    rev: 156e9, nm: 0.34, sh: 10.6e9, px: 70, div: 'medium', g: 0.05, shape: 'insurer',
  }),
  hk('1398', 'Industrial and Commercial Bank of China Ltd.', '工商銀行', ['工行', 'ICBC'], 'financials', 'banks', {
    rev: 892e9, nm: 0.45, sh: 356e9, px: 5.8, div: 'high', g: 0, shape: 'bank',
  }),
  hk('1810', 'Xiaomi Corp.', '小米集團', ['小米', 'Xiaomi'], 'information_technology', 'technology_hardware', {
    rev: 397e9, nm: 0.064, gm: 0.21, sh: 25.9e9, px: 45, div: 'none', g: 0.2,
  }),
  hk('1928', 'Sands China Ltd.', '金沙中國', ['Sands China'], 'consumer_discretionary', 'hotels_restaurants_leisure', {
    rev: 55e9, nm: 0.146, gm: 0.45, sh: 8.09e9, px: 19, div: 'low', g: 0.1,
  }),
  hk('2015', 'Li Auto Inc.', '理想汽車', ['理想', 'Li Auto'], 'consumer_discretionary', 'automobiles', {
    rev: 157e9, nm: 0.055, gm: 0.205, sh: 2.12e9, px: 100, div: 'none', g: 0.35,
  }),
  hk('2020', 'ANTA Sports Products Ltd.', '安踏體育', ['安踏', 'ANTA'], 'consumer_discretionary', 'textiles_apparel', {
    rev: 77e9, nm: 0.2, gm: 0.62, sh: 2.8e9, px: 85, div: 'medium', g: 0.13,
  }),
  hk('2269', 'WuXi Biologics (Cayman) Inc.', '藥明生物', ['WuXi Biologics'], 'health_care', 'life_sciences_tools', {
    rev: 20.3e9, nm: 0.18, gm: 0.41, sh: 4.1e9, px: 25, div: 'none', g: 0.08,
  }),
  hk('2318', 'Ping An Insurance (Group) Co. of China Ltd.', '中國平安', ['平安', '平保', 'Ping An'], 'financials', 'insurance', {
    rev: 1117e9, nm: 0.123, sh: 18.2e9, px: 50, div: 'high', g: 0, shape: 'insurer',
  }),
  hk('2331', 'Li Ning Co. Ltd.', '李寧', ['Li Ning'], 'consumer_discretionary', 'textiles_apparel', {
    rev: 31e9, nm: 0.105, gm: 0.49, sh: 2.58e9, px: 17, div: 'medium', g: 0.04,
  }),
  hk('2382', 'Sunny Optical Technology (Group) Co. Ltd.', '舜宇光學科技', ['舜宇', 'Sunny Optical'], 'information_technology', 'electronic_components', {
    rev: 41.6e9, nm: 0.07, gm: 0.2, sh: 1.1e9, px: 70, div: 'low', g: 0.1,
  }),
  hk('2388', 'BOC Hong Kong (Holdings) Ltd.', '中銀香港', ['BOCHK', 'BOC Hong Kong'], 'financials', 'banks', {
    rev: 68e9, nm: 0.53, sh: 10.57e9, px: 33, div: 'high', g: 0.04, shape: 'bank',
  }),
  hk('2628', 'China Life Insurance Co. Ltd.', '中國人壽', ['國壽', 'China Life'], 'financials', 'insurance', {
    rev: 543e9, nm: 0.2, sh: 28.3e9, px: 18, div: 'high', g: 0.05, shape: 'insurer',
  }),
  hk('2899', 'Zijin Mining Group Co. Ltd.', '紫金礦業', ['紫金', 'Zijin Mining'], 'materials', 'metals_mining', {
    rev: 330e9, nm: 0.105, gm: 0.2, sh: 26.6e9, px: 25, div: 'medium', g: 0.1,
  }),
  hk('3690', 'Meituan', '美團', ['美團-W', 'Meituan'], 'consumer_discretionary', 'hotels_restaurants_leisure', {
    rev: 366e9, nm: 0.11, gm: 0.38, sh: 6.1e9, px: 110, div: 'none', g: 0.22,
  }),
  hk('3988', 'Bank of China Ltd.', '中國銀行', ['中行', 'Bank of China'], 'financials', 'banks', {
    rev: 684e9, nm: 0.38, sh: 294e9, px: 4.3, div: 'high', g: 0.02, shape: 'bank',
  }),
  hk('6862', 'Haidilao International Holding Ltd.', '海底撈', ['Haidilao'], 'consumer_discretionary', 'hotels_restaurants_leisure', {
    rev: 46.5e9, nm: 0.11, gm: 0.6, sh: 5.57e9, px: 15, div: 'high', g: 0.05,
  }),
  hk('9618', 'JD.com Inc.', '京東集團', ['京東', 'JD', 'JD.com'], 'consumer_discretionary', 'broadline_retail', {
    rev: 1257e9, nm: 0.036, gm: 0.157, sh: 3.0e9, px: 130, div: 'medium', g: 0.05,
  }),
  hk('9633', 'Nongfu Spring Co. Ltd.', '農夫山泉', ['Nongfu Spring'], 'consumer_staples', 'beverages', {
    rev: 46.6e9, nm: 0.28, gm: 0.58, sh: 11.25e9, px: 45, div: 'medium', g: 0.1,
  }),
  hk('9888', 'Baidu Inc.', '百度集團', ['百度', 'Baidu'], 'communication_services', 'interactive_media', {
    rev: 144e9, nm: 0.18, gm: 0.5, sh: 2.8e9, px: 90, div: 'none', g: 0,
  }),
  hk('9961', 'Trip.com Group Ltd.', '攜程集團', ['攜程', 'Trip.com', 'Ctrip'], 'consumer_discretionary', 'hotels_restaurants_leisure', {
    rev: 58e9, nm: 0.32, gm: 0.81, sh: 0.66e9, px: 500, div: 'low', g: 0.2,
  }),
  hk('9988', 'Alibaba Group Holding Ltd.', '阿里巴巴', ['阿里', '阿里巴巴-W', 'Alibaba'], 'consumer_discretionary', 'broadline_retail', {
    rev: 1069e9, nm: 0.13, gm: 0.4, sh: 18.4e9, px: 140, div: 'low', g: 0.06, fy: 3,
  }),
  hk('9999', 'NetEase Inc.', '網易', ['NetEase'], 'communication_services', 'entertainment', {
    rev: 114e9, nm: 0.28, gm: 0.63, sh: 3.2e9, px: 180, div: 'medium', g: 0.07,
  }),
]
