/**
 * Tokyo Stock Exchange companies of the universe (Prime market), with their four-character securities codes.
 * Chinese names are the forms Taiwan and Hong Kong media use (Japanese kanji in Traditional Chinese, or the
 * company's own Chinese name); Japanese names and English short names are aliases. Scale profiles are approximate
 * reference scale in JPY, used only to size demo data; most fiscal years end in March.
 */
import type { Sector } from './market-data.ts'
import { defineListing, type Listing, type ScaleInput } from './universe-listing.ts'

function jp(
  code: string,
  nameEn: string,
  nameZh: string,
  aliases: string[],
  sector: Sector,
  industry: string,
  scale: ScaleInput,
): Listing {
  return defineListing('jp', 'TSE', code, nameEn, nameZh, aliases, sector, industry, { fy: 3, ...scale })
}

// biome-ignore format: one company per row keeps the table reviewable
export const jpListings: Listing[] = [
  jp('7203', 'Toyota Motor Corp.', '豐田汽車', ['豐田', 'Toyota', 'トヨタ', 'トヨタ自動車'], 'consumer_discretionary', 'automobiles', {
    rev: 48.0e12, nm: 0.099, gm: 0.2, sh: 13.0e9, px: 2800, div: 'medium', g: 0.06,
  }),
  jp('6758', 'Sony Group Corp.', '索尼集團', ['索尼', 'Sony', 'ソニー', 'ソニーグループ'], 'consumer_discretionary', 'household_durables', {
    rev: 13.0e12, nm: 0.09, gm: 0.28, sh: 6.0e9, px: 3500, div: 'low', g: 0.05,
  }),
  jp('6861', 'Keyence Corp.', '基恩斯', ['Keyence', 'キーエンス'], 'information_technology', 'electronic_equipment', {
    rev: 1.06e12, nm: 0.36, gm: 0.83, sh: 0.243e9, px: 58000, div: 'low', g: 0.08,
  }),
  jp('8306', 'Mitsubishi UFJ Financial Group Inc.', '三菱日聯金融集團', ['三菱UFJ', '三菱日聯', 'MUFG', '三菱UFJフィナンシャル・グループ'], 'financials', 'banks', {
    rev: 5.0e12, nm: 0.37, sh: 12.0e9, px: 2000, div: 'medium', g: 0.08, shape: 'bank',
  }),
  jp('8316', 'Sumitomo Mitsui Financial Group Inc.', '三井住友金融集團', ['三井住友', 'SMFG', '三井住友フィナンシャルグループ'], 'financials', 'banks', {
    rev: 3.3e12, nm: 0.35, sh: 3.9e9, px: 3800, div: 'medium', g: 0.06, shape: 'bank',
  }),
  jp('8411', 'Mizuho Financial Group Inc.', '瑞穗金融集團', ['瑞穗', 'Mizuho', 'みずほ'], 'financials', 'banks', {
    rev: 2.6e12, nm: 0.34, sh: 2.52e9, px: 4000, div: 'medium', g: 0.06, shape: 'bank',
  }),
  // SoftBank Group split its shares 4-for-1 on 1 January 2026; the profile uses post-split figures.
  jp('9984', 'SoftBank Group Corp.', '軟銀集團', ['軟銀', 'SoftBank Group', 'ソフトバンクグループ'], 'communication_services', 'telecom_services', {
    rev: 7.24e12, nm: 0.16, gm: 0.52, sh: 5.7e9, px: 4500, div: 'low', g: 0.03,
  }),
  jp('6501', 'Hitachi Ltd.', '日立製作所', ['日立', 'Hitachi'], 'industrials', 'industrial_conglomerates', {
    rev: 9.78e12, nm: 0.063, gm: 0.28, sh: 4.58e9, px: 4000, div: 'low', g: 0.02,
  }),
  jp('8035', 'Tokyo Electron Ltd.', '東京威力科創', ['東京電子', 'Tokyo Electron', 'TEL', '東京エレクトロン'], 'information_technology', 'semiconductor_equipment', {
    rev: 2.43e12, nm: 0.22, gm: 0.47, sh: 0.46e9, px: 25000, div: 'medium', g: 0.12,
  }),
  jp('9983', 'Fast Retailing Co. Ltd.', '迅銷', ['優衣庫', 'UNIQLO', 'Fast Retailing', 'ユニクロ', 'ファーストリテイリング'], 'consumer_discretionary', 'specialty_retail', {
    rev: 3.4e12, nm: 0.127, gm: 0.54, sh: 0.306e9, px: 50000, div: 'low', g: 0.1, fy: 8,
  }),
  jp('6098', 'Recruit Holdings Co. Ltd.', '瑞可利', ['Recruit', 'リクルート', 'Indeed'], 'industrials', 'professional_services', {
    rev: 3.56e12, nm: 0.11, gm: 0.58, sh: 1.5e9, px: 9000, div: 'low', g: 0.04,
  }),
  jp('4063', 'Shin-Etsu Chemical Co. Ltd.', '信越化學工業', ['信越化學', 'Shin-Etsu', '信越化学'], 'materials', 'chemicals', {
    rev: 2.56e12, nm: 0.21, gm: 0.38, sh: 1.9e9, px: 4700, div: 'medium', g: 0.03,
  }),
  jp('8058', 'Mitsubishi Corp.', '三菱商事', ['Mitsubishi Corporation'], 'industrials', 'trading_companies', {
    rev: 18.6e12, nm: 0.05, gm: 0.12, sh: 3.85e9, px: 3000, div: 'medium', g: 0,
  }),
  jp('8031', 'Mitsui & Co. Ltd.', '三井物產', ['Mitsui & Co', '三井物産'], 'industrials', 'trading_companies', {
    rev: 14.7e12, nm: 0.061, gm: 0.1, sh: 2.9e9, px: 3300, div: 'medium', g: 0,
  }),
  jp('4502', 'Takeda Pharmaceutical Co. Ltd.', '武田藥品工業', ['武田', 'Takeda', '武田薬品'], 'health_care', 'pharmaceuticals', {
    rev: 4.58e12, nm: 0.024, gm: 0.66, sh: 1.58e9, px: 4300, div: 'high', g: 0.03,
  }),
  jp('4568', 'Daiichi Sankyo Co. Ltd.', '第一三共', ['Daiichi Sankyo'], 'health_care', 'pharmaceuticals', {
    rev: 1.89e12, nm: 0.15, gm: 0.78, sh: 1.87e9, px: 3800, div: 'low', g: 0.15,
  }),
  jp('4519', 'Chugai Pharmaceutical Co. Ltd.', '中外製藥', ['Chugai', '中外製薬'], 'health_care', 'pharmaceuticals', {
    rev: 1.17e12, nm: 0.32, gm: 0.66, sh: 1.64e9, px: 6800, div: 'medium', g: 0.05, fy: 12,
  }),
  jp('6367', 'Daikin Industries Ltd.', '大金工業', ['大金', 'Daikin'], 'industrials', 'building_products', {
    rev: 4.75e12, nm: 0.055, gm: 0.35, sh: 0.293e9, px: 18000, div: 'low', g: 0.05,
  }),
  jp('6954', 'Fanuc Corp.', '發那科', ['FANUC', 'Fanuc', 'ファナック'], 'industrials', 'machinery', {
    rev: 0.8e12, nm: 0.18, gm: 0.37, sh: 0.93e9, px: 4000, div: 'medium', g: 0.01,
  }),
  jp('6981', 'Murata Manufacturing Co. Ltd.', '村田製作所', ['村田', 'Murata'], 'information_technology', 'electronic_components', {
    rev: 1.74e12, nm: 0.13, gm: 0.4, sh: 1.85e9, px: 2700, div: 'medium', g: 0.02,
  }),
  jp('6902', 'Denso Corp.', '電裝', ['DENSO', 'Denso', 'デンソー'], 'consumer_discretionary', 'auto_components', {
    rev: 7.16e12, nm: 0.058, gm: 0.15, sh: 2.8e9, px: 2000, div: 'medium', g: 0.03,
  }),
  jp('7267', 'Honda Motor Co. Ltd.', '本田技研工業', ['本田', 'Honda', 'ホンダ'], 'consumer_discretionary', 'automobiles', {
    rev: 21.7e12, nm: 0.039, gm: 0.21, sh: 4.6e9, px: 1500, div: 'high', g: 0.05,
  }),
  jp('7974', 'Nintendo Co. Ltd.', '任天堂', ['Nintendo'], 'communication_services', 'entertainment', {
    rev: 1.16e12, nm: 0.24, gm: 0.58, sh: 1.16e9, px: 11000, div: 'medium', g: 0.05,
  }),
  jp('4661', 'Oriental Land Co. Ltd.', '東方樂園', ['Oriental Land', '東京迪士尼', 'オリエンタルランド'], 'consumer_discretionary', 'hotels_restaurants_leisure', {
    rev: 0.68e12, nm: 0.18, gm: 0.37, sh: 1.64e9, px: 3300, div: 'low', g: 0.1,
  }),
  // Renamed from Nippon Telegraph and Telephone Corp. to NTT, Inc. in July 2025.
  jp('9432', 'NTT, Inc.', '日本電信電話', ['NTT', 'Nippon Telegraph and Telephone'], 'communication_services', 'telecom_services', {
    rev: 13.7e12, nm: 0.073, gm: 0.5, sh: 83e9, px: 155, div: 'medium', g: 0.02,
  }),
  jp('9433', 'KDDI Corp.', 'KDDI', ['KDDI Corporation', 'au'], 'communication_services', 'telecom_services', {
    rev: 5.92e12, nm: 0.11, gm: 0.42, sh: 4.0e9, px: 2500, div: 'medium', g: 0.03,
  }),
  jp('7741', 'HOYA Corp.', '豪雅', ['HOYA', 'Hoya'], 'health_care', 'health_care_equipment', {
    rev: 0.866e12, nm: 0.24, gm: 0.58, sh: 0.34e9, px: 20000, div: 'low', g: 0.08,
  }),
  jp('6594', 'Nidec Corp.', '尼得科', ['Nidec', '日本電產', 'ニデック'], 'industrials', 'electrical_equipment', {
    rev: 2.6e12, nm: 0.047, gm: 0.22, sh: 1.15e9, px: 2800, div: 'low', g: 0.03,
  }),
  jp('8766', 'Tokio Marine Holdings Inc.', '東京海上控股', ['東京海上', 'Tokio Marine', '東京海上ホールディングス'], 'financials', 'insurance', {
    rev: 7.5e12, nm: 0.14, sh: 1.95e9, px: 5500, div: 'medium', g: 0.06, shape: 'insurer',
  }),
  jp('8591', 'ORIX Corp.', '歐力士', ['ORIX', 'オリックス'], 'financials', 'financial_services', {
    rev: 2.9e12, nm: 0.12, sh: 1.13e9, px: 3300, div: 'medium', g: 0.05, shape: 'bank',
  }),
  jp('9020', 'East Japan Railway Co.', '東日本旅客鐵道', ['JR東日本', 'JR East'], 'industrials', 'ground_transportation', {
    rev: 2.89e12, nm: 0.08, gm: 0.3, sh: 1.13e9, px: 3000, div: 'medium', g: 0.04,
  }),
  jp('9022', 'Central Japan Railway Co.', '東海旅客鐵道', ['JR東海', 'JR Central'], 'industrials', 'ground_transportation', {
    rev: 1.83e12, nm: 0.25, gm: 0.55, sh: 0.98e9, px: 3500, div: 'low', g: 0.05,
  }),
  jp('2914', 'Japan Tobacco Inc.', '日本菸草產業', ['日本菸草', 'JT', 'Japan Tobacco'], 'consumer_staples', 'tobacco', {
    rev: 3.15e12, nm: 0.14, gm: 0.55, sh: 1.78e9, px: 4400, div: 'high', g: 0.05, fy: 12,
  }),
  jp('2802', 'Ajinomoto Co. Inc.', '味之素', ['Ajinomoto'], 'consumer_staples', 'food_products', {
    rev: 1.53e12, nm: 0.08, gm: 0.35, sh: 1.0e9, px: 3500, div: 'low', g: 0.05,
  }),
  jp('4452', 'Kao Corp.', '花王', ['Kao'], 'consumer_staples', 'household_products', {
    rev: 1.63e12, nm: 0.067, gm: 0.38, sh: 0.466e9, px: 6500, div: 'medium', g: 0.02, fy: 12,
  }),
  jp('4911', 'Shiseido Co. Ltd.', '資生堂', ['Shiseido'], 'consumer_staples', 'personal_products', {
    rev: 0.99e12, nm: 0.02, gm: 0.75, sh: 0.4e9, px: 2500, div: 'medium', g: -0.02, fy: 12,
  }),
  jp('2502', 'Asahi Group Holdings Ltd.', '朝日集團控股', ['朝日啤酒', 'Asahi', 'アサヒ'], 'consumer_staples', 'beverages', {
    rev: 2.94e12, nm: 0.065, gm: 0.37, sh: 1.52e9, px: 1900, div: 'medium', g: 0.03, fy: 12,
  }),
  jp('5108', 'Bridgestone Corp.', '普利司通', ['Bridgestone', 'ブリヂストン'], 'consumer_discretionary', 'auto_components', {
    rev: 4.43e12, nm: 0.065, gm: 0.38, sh: 1.37e9, px: 6200, div: 'medium', g: 0.03, fy: 12,
  }),
  jp('7751', 'Canon Inc.', '佳能', ['Canon', 'キヤノン'], 'information_technology', 'technology_hardware', {
    rev: 4.51e12, nm: 0.06, gm: 0.47, sh: 0.91e9, px: 4600, div: 'medium', g: 0.03, fy: 12,
  }),
  jp('6752', 'Panasonic Holdings Corp.', '松下控股', ['Panasonic', '松下', '國際牌', 'パナソニック'], 'consumer_discretionary', 'household_durables', {
    rev: 8.46e12, nm: 0.043, gm: 0.3, sh: 2.33e9, px: 1600, div: 'medium', g: 0.02,
  }),
  jp('6702', 'Fujitsu Ltd.', '富士通', ['Fujitsu'], 'information_technology', 'it_services', {
    rev: 3.55e12, nm: 0.07, gm: 0.33, sh: 1.8e9, px: 3300, div: 'low', g: 0.02,
  }),
  jp('6503', 'Mitsubishi Electric Corp.', '三菱電機', ['Mitsubishi Electric'], 'industrials', 'electrical_equipment', {
    rev: 5.52e12, nm: 0.059, gm: 0.3, sh: 2.09e9, px: 3000, div: 'medium', g: 0.04,
  }),
  jp('7011', 'Mitsubishi Heavy Industries Ltd.', '三菱重工業', ['三菱重工', 'MHI'], 'industrials', 'aerospace_defense', {
    rev: 5.03e12, nm: 0.049, gm: 0.19, sh: 3.36e9, px: 3500, div: 'low', g: 0.05,
  }),
  jp('6857', 'Advantest Corp.', '愛德萬測試', ['Advantest', 'アドバンテスト'], 'information_technology', 'semiconductor_equipment', {
    rev: 0.78e12, nm: 0.2, gm: 0.56, sh: 0.73e9, px: 12000, div: 'low', g: 0.15,
  }),
  jp('4543', 'Terumo Corp.', '泰爾茂', ['Terumo', 'テルモ'], 'health_care', 'health_care_equipment', {
    rev: 1.04e12, nm: 0.11, gm: 0.52, sh: 1.48e9, px: 2700, div: 'low', g: 0.06,
  }),
  jp('3382', 'Seven & i Holdings Co. Ltd.', '柒和伊控股', ['7&i', '7&i控股', 'Seven & i', 'セブン&アイ'], 'consumer_staples', 'consumer_staples_retail', {
    rev: 11.97e12, nm: 0.015, gm: 0.3, sh: 2.6e9, px: 2100, div: 'medium', g: 0.02, fy: 2,
  }),
  jp('8801', 'Mitsui Fudosan Co. Ltd.', '三井不動產', ['Mitsui Fudosan', '三井不動産'], 'real_estate', 'real_estate_development', {
    rev: 2.63e12, nm: 0.094, gm: 0.25, sh: 2.78e9, px: 1400, div: 'medium', g: 0.04,
  }),
  jp('8802', 'Mitsubishi Estate Co. Ltd.', '三菱地所', ['Mitsubishi Estate'], 'real_estate', 'real_estate_development', {
    rev: 1.58e12, nm: 0.12, gm: 0.28, sh: 1.23e9, px: 2800, div: 'medium', g: 0.04,
  }),
  jp('9501', 'Tokyo Electric Power Co. Holdings Inc.', '東京電力控股', ['東京電力', '東電', 'TEPCO'], 'utilities', 'electric_utilities', {
    rev: 6.8e12, nm: 0.0237, gm: 0.1, sh: 1.6e9, px: 600, div: 'none', g: 0,
  }),
  // Nippon Steel split its shares 5-for-1 in October 2025; the profile uses post-split figures.
  jp('5401', 'Nippon Steel Corp.', '日本製鐵', ['日鐵', 'Nippon Steel', '新日鐵', '日本製鉄'], 'materials', 'steel', {
    rev: 8.7e12, nm: 0.04, gm: 0.14, sh: 5.2e9, px: 620, div: 'high', g: 0,
  }),
  jp('5020', 'ENEOS Holdings Inc.', 'ENEOS控股', ['ENEOS', 'ENEOSホールディングス'], 'energy', 'oil_gas', {
    rev: 13.2e12, nm: 0.017, gm: 0.1, sh: 2.7e9, px: 800, div: 'medium', g: -0.01,
  }),
  jp('8053', 'Sumitomo Corp.', '住友商事', ['Sumitomo Corporation'], 'industrials', 'trading_companies', {
    rev: 7.3e12, nm: 0.077, gm: 0.2, sh: 1.21e9, px: 3700, div: 'medium', g: 0.02,
  }),
  jp('8002', 'Marubeni Corp.', '丸紅', ['Marubeni'], 'industrials', 'trading_companies', {
    rev: 7.79e12, nm: 0.065, gm: 0.14, sh: 1.66e9, px: 2700, div: 'medium', g: 0.02,
  }),
  jp('6723', 'Renesas Electronics Corp.', '瑞薩電子', ['Renesas', 'ルネサス'], 'information_technology', 'semiconductors', {
    rev: 1.35e12, nm: 0.16, gm: 0.56, sh: 1.87e9, px: 2000, div: 'low', g: 0, fy: 12,
  }),
  jp('4503', 'Astellas Pharma Inc.', '安斯泰來製藥', ['安斯泰來', 'Astellas', 'アステラス'], 'health_care', 'pharmaceuticals', {
    rev: 1.91e12, nm: 0.05, gm: 0.81, sh: 1.79e9, px: 1600, div: 'high', g: 0.05,
  }),
  jp('7269', 'Suzuki Motor Corp.', '鈴木汽車', ['鈴木', 'Suzuki', 'スズキ'], 'consumer_discretionary', 'automobiles', {
    rev: 5.83e12, nm: 0.07, gm: 0.29, sh: 1.93e9, px: 1800, div: 'medium', g: 0.1,
  }),
  jp('8604', 'Nomura Holdings Inc.', '野村控股', ['野村', 'Nomura', '野村ホールディングス'], 'financials', 'capital_markets', {
    rev: 1.89e12, nm: 0.18, sh: 2.96e9, px: 1000, div: 'high', g: 0.05, shape: 'bank',
  }),
]
