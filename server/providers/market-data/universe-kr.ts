/**
 * Korea-listed companies of the universe: KOSPI (exchange `KRX`, Yahoo `.KS`) and KOSDAQ (`.KQ`), with six-digit
 * codes. Chinese names are the forms Taiwan and Hong Kong media use; where those media write the company's Latin
 * brand (NAVER, Kakao, HYBE, KT&G), so does `nameZh`. Korean names are aliases. Scale profiles are approximate
 * reference scale in KRW, used only to size demo data; every fiscal year ends in December.
 */
import type { Sector } from './market-data.ts'
import { defineListing, type Listing, type ScaleInput } from './universe-listing.ts'

function kospi(
  code: string,
  nameEn: string,
  nameZh: string,
  aliases: string[],
  sector: Sector,
  industry: string,
  scale: ScaleInput,
): Listing {
  return defineListing('kr', 'KRX', code, nameEn, nameZh, aliases, sector, industry, scale)
}

function kosdaq(
  code: string,
  nameEn: string,
  nameZh: string,
  aliases: string[],
  sector: Sector,
  industry: string,
  scale: ScaleInput,
): Listing {
  return defineListing('kr', 'KOSDAQ', code, nameEn, nameZh, aliases, sector, industry, scale)
}

// biome-ignore format: one company per row keeps the table reviewable
export const krListings: Listing[] = [
  kospi('005930', 'Samsung Electronics Co. Ltd.', '三星電子', ['三星', 'Samsung', 'Samsung Electronics', '삼성전자'], 'information_technology', 'technology_hardware', {
    rev: 300.9e12, nm: 0.11, gm: 0.38, sh: 5.92e9, px: 70000, div: 'medium', g: 0.05,
  }),
  kospi('000660', 'SK hynix Inc.', 'SK海力士', ['海力士', 'SK hynix', 'Hynix', 'SK하이닉스'], 'information_technology', 'semiconductors', {
    rev: 66.2e12, nm: 0.3, gm: 0.55, sh: 0.728e9, px: 250000, div: 'low', g: 0.3,
  }),
  kospi('035420', 'NAVER Corp.', 'NAVER', ['Naver', '네이버'], 'communication_services', 'interactive_media', {
    rev: 10.7e12, nm: 0.18, gm: 0.6, sh: 0.152e9, px: 200000, div: 'low', g: 0.08,
  }),
  // Kakao moved from KOSDAQ to KOSPI in July 2017.
  kospi('035720', 'Kakao Corp.', 'Kakao', ['카카오', 'Kakao Corp'], 'communication_services', 'interactive_media', {
    rev: 7.87e12, nm: 0.02, gm: 0.4, sh: 0.442e9, px: 50000, div: 'low', g: 0.05,
  }),
  kospi('005380', 'Hyundai Motor Co.', '現代汽車', ['現代', 'Hyundai', 'Hyundai Motor', '현대차', '현대자동차'], 'consumer_discretionary', 'automobiles', {
    rev: 175.2e12, nm: 0.075, gm: 0.2, sh: 0.256e9, px: 220000, div: 'high', g: 0.07,
  }),
  kospi('000270', 'Kia Corp.', '起亞', ['起亞汽車', 'Kia', '기아'], 'consumer_discretionary', 'automobiles', {
    rev: 107.4e12, nm: 0.09, gm: 0.22, sh: 0.39e9, px: 100000, div: 'high', g: 0.08,
  }),
  kospi('373220', 'LG Energy Solution Ltd.', 'LG新能源', ['LG Energy Solution', 'LGES', 'LG에너지솔루션'], 'industrials', 'electrical_equipment', {
    rev: 25.6e12, nm: 0.02, gm: 0.14, sh: 0.234e9, px: 350000, div: 'none', g: 0.1,
  }),
  kospi('207940', 'Samsung Biologics Co. Ltd.', '三星生物製劑', ['Samsung Biologics', '삼성바이오로직스'], 'health_care', 'life_sciences_tools', {
    rev: 4.55e12, nm: 0.19, gm: 0.46, sh: 0.0712e9, px: 1000000, div: 'none', g: 0.2,
  }),
  // Celltrion moved from KOSDAQ to KOSPI in 2018 and absorbed Celltrion Healthcare in December 2023.
  kospi('068270', 'Celltrion Inc.', '賽特瑞恩', ['Celltrion', '셀트리온'], 'health_care', 'biotechnology', {
    rev: 3.56e12, nm: 0.12, gm: 0.4, sh: 0.22e9, px: 180000, div: 'low', g: 0.3,
  }),
  kospi('005490', 'POSCO Holdings Inc.', '浦項控股', ['POSCO', '浦項', '浦項鋼鐵', '포스코홀딩스'], 'materials', 'steel', {
    rev: 72.7e12, nm: 0.013, gm: 0.07, sh: 0.0759e9, px: 300000, div: 'medium', g: 0,
  }),
  kospi('051910', 'LG Chem Ltd.', 'LG化學', ['LG Chem', 'LG화학'], 'materials', 'chemicals', {
    rev: 48.9e12, nm: 0.02, gm: 0.18, sh: 0.0706e9, px: 300000, div: 'low', g: 0.03,
  }),
  kospi('006400', 'Samsung SDI Co. Ltd.', '三星SDI', ['Samsung SDI', '삼성SDI'], 'information_technology', 'electronic_components', {
    rev: 16.6e12, nm: 0.035, gm: 0.17, sh: 0.08e9, px: 250000, div: 'low', g: 0.05,
  }),
  kospi('105560', 'KB Financial Group Inc.', 'KB金融集團', ['KB Financial', '國民銀行', 'KB금융'], 'financials', 'banks', {
    rev: 16.6e12, nm: 0.3, sh: 0.38e9, px: 100000, div: 'medium', g: 0.05, shape: 'bank',
  }),
  kospi('055550', 'Shinhan Financial Group Co. Ltd.', '新韓金融集團', ['新韓', 'Shinhan', '신한지주'], 'financials', 'banks', {
    rev: 15e12, nm: 0.3, sh: 0.5e9, px: 60000, div: 'medium', g: 0.05, shape: 'bank',
  }),
  kospi('086790', 'Hana Financial Group Inc.', '韓亞金融集團', ['韓亞', 'Hana Financial', '하나금융지주'], 'financials', 'banks', {
    rev: 11e12, nm: 0.34, sh: 0.28e9, px: 80000, div: 'high', g: 0.05, shape: 'bank',
  }),
  kospi('316140', 'Woori Financial Group Inc.', '友利金融集團', ['友利', 'Woori', '우리금융지주'], 'financials', 'banks', {
    rev: 10e12, nm: 0.31, sh: 0.74e9, px: 20000, div: 'high', g: 0.04, shape: 'bank',
  }),
  kospi('028260', 'Samsung C&T Corp.', '三星物產', ['Samsung C&T', '삼성물산'], 'industrials', 'industrial_conglomerates', {
    rev: 42e12, nm: 0.05, gm: 0.13, sh: 0.17e9, px: 170000, div: 'medium', g: 0.02,
  }),
  kospi('012330', 'Hyundai Mobis Co. Ltd.', '現代摩比斯', ['Hyundai Mobis', '현대모비스'], 'consumer_discretionary', 'auto_components', {
    rev: 57.2e12, nm: 0.07, gm: 0.14, sh: 0.091e9, px: 280000, div: 'medium', g: 0.05,
  }),
  kospi('066570', 'LG Electronics Inc.', 'LG電子', ['LG Electronics', '樂金電子', 'LG전자'], 'consumer_discretionary', 'household_durables', {
    rev: 87.7e12, nm: 0.01, gm: 0.24, sh: 0.163e9, px: 80000, div: 'low', g: 0.03,
  }),
  kospi('033780', 'KT&G Corp.', 'KT&G', ['韓國煙草人蔘公社', '케이티앤지'], 'consumer_staples', 'tobacco', {
    rev: 5.9e12, nm: 0.2, gm: 0.5, sh: 0.11e9, px: 120000, div: 'high', g: 0.03,
  }),
  kospi('096770', 'SK Innovation Co. Ltd.', 'SK創新', ['SK Innovation', 'SK이노베이션'], 'energy', 'oil_gas', {
    rev: 74.7e12, nm: 0.01, gm: 0.05, sh: 0.15e9, px: 110000, div: 'low', g: 0,
  }),
  kospi('017670', 'SK Telecom Co. Ltd.', 'SK電訊', ['SK Telecom', 'SKT', 'SK텔레콤'], 'communication_services', 'telecom_services', {
    rev: 17.9e12, nm: 0.08, gm: 0.4, sh: 0.215e9, px: 55000, div: 'high', g: 0.01,
  }),
  kospi('030200', 'KT Corp.', '韓國電信', ['KT', 'Korea Telecom', '케이티'], 'communication_services', 'telecom_services', {
    rev: 26.4e12, nm: 0.04, gm: 0.4, sh: 0.25e9, px: 50000, div: 'high', g: 0.01,
  }),
  kospi('032830', 'Samsung Life Insurance Co. Ltd.', '三星人壽', ['Samsung Life', '삼성생명'], 'financials', 'insurance', {
    rev: 32e12, nm: 0.066, sh: 0.2e9, px: 100000, div: 'high', g: 0.02, shape: 'insurer',
  }),
  kospi('000810', 'Samsung Fire & Marine Insurance Co. Ltd.', '三星火災海上保險', ['三星火災', 'Samsung Fire & Marine', '삼성화재'], 'financials', 'insurance', {
    rev: 21e12, nm: 0.1, sh: 0.047e9, px: 400000, div: 'high', g: 0.03, shape: 'insurer',
  }),
  kospi('003490', 'Korean Air Lines Co. Ltd.', '大韓航空', ['Korean Air', '대한항공'], 'industrials', 'passenger_airlines', {
    rev: 16.1e12, nm: 0.08, gm: 0.2, sh: 0.368e9, px: 22000, div: 'medium', g: 0.05,
  }),
  kospi('011200', 'HMM Co. Ltd.', '現代商船', ['HMM', 'Hyundai Merchant Marine'], 'industrials', 'marine_transportation', {
    rev: 11.7e12, nm: 0.32, gm: 0.35, sh: 0.95e9, px: 22000, div: 'high', g: 0,
  }),
  kospi('259960', 'Krafton Inc.', '魁匠團', ['Krafton', 'KRAFTON', 'PUBG', '크래프톤'], 'communication_services', 'entertainment', {
    rev: 2.7e12, nm: 0.48, gm: 0.75, sh: 0.047e9, px: 300000, div: 'none', g: 0.2,
  }),
  kospi('352820', 'HYBE Co. Ltd.', 'HYBE', ['하이브', 'Big Hit', 'Big Hit Entertainment'], 'communication_services', 'entertainment', {
    rev: 2.26e12, nm: 0.03, gm: 0.47, sh: 0.0417e9, px: 250000, div: 'none', g: 0.1,
  }),
  kospi('012450', 'Hanwha Aerospace Co. Ltd.', '韓華航太', ['Hanwha Aerospace', '한화에어로스페이스'], 'industrials', 'aerospace_defense', {
    rev: 11.2e12, nm: 0.12, gm: 0.25, sh: 0.0516e9, px: 700000, div: 'low', g: 0.25,
  }),
  kospi('329180', 'HD Hyundai Heavy Industries Co. Ltd.', 'HD現代重工', ['現代重工', 'HD Hyundai Heavy Industries', 'HD현대중공업'], 'industrials', 'shipbuilding', {
    rev: 14.5e12, nm: 0.045, gm: 0.07, sh: 0.0888e9, px: 400000, div: 'low', g: 0.15,
  }),
  kospi('010140', 'Samsung Heavy Industries Co. Ltd.', '三星重工業', ['三星重工', 'Samsung Heavy Industries', '삼성중공업'], 'industrials', 'shipbuilding', {
    rev: 9.9e12, nm: 0.03, gm: 0.08, sh: 0.88e9, px: 15000, div: 'none', g: 0.1,
  }),
  kospi('042660', 'Hanwha Ocean Co. Ltd.', '韓華海洋', ['Hanwha Ocean', '大宇造船', '한화오션'], 'industrials', 'shipbuilding', {
    rev: 10.8e12, nm: 0.04, gm: 0.06, sh: 0.306e9, px: 80000, div: 'none', g: 0.2,
  }),
  kospi('015760', 'Korea Electric Power Corp.', '韓國電力公社', ['韓電', 'KEPCO', '한국전력'], 'utilities', 'electric_utilities', {
    rev: 93.4e12, nm: 0.04, gm: 0.1, sh: 0.642e9, px: 30000, div: 'low', g: 0.03,
  }),
  kospi('090430', 'Amorepacific Corp.', '愛茉莉太平洋', ['Amorepacific', '雪花秀', '아모레퍼시픽'], 'consumer_staples', 'personal_products', {
    rev: 3.89e12, nm: 0.08, gm: 0.7, sh: 0.058e9, px: 130000, div: 'low', g: 0.03,
  }),
  kospi('051900', 'LG H&H Co. Ltd.', 'LG生活健康', ['LG H&H', 'LG Household & Health Care', 'LG생활건강'], 'consumer_staples', 'personal_products', {
    rev: 6.8e12, nm: 0.047, gm: 0.57, sh: 0.0156e9, px: 300000, div: 'medium', g: -0.02,
  }),
  kospi('097950', 'CJ CheilJedang Corp.', 'CJ第一製糖', ['CJ CheilJedang', 'CJ제일제당'], 'consumer_staples', 'food_products', {
    rev: 29.4e12, nm: 0.02, gm: 0.2, sh: 0.015e9, px: 250000, div: 'medium', g: 0.02,
  }),
  kospi('010130', 'Korea Zinc Co. Ltd.', '高麗亞鉛', ['Korea Zinc', '고려아연'], 'materials', 'metals_mining', {
    rev: 12.05e12, nm: 0.045, gm: 0.08, sh: 0.0186e9, px: 800000, div: 'medium', g: 0.05,
  }),
  kospi('009150', 'Samsung Electro-Mechanics Co. Ltd.', '三星電機', ['Samsung Electro-Mechanics', 'SEMCO', '삼성전기'], 'information_technology', 'electronic_components', {
    rev: 10.3e12, nm: 0.064, gm: 0.2, sh: 0.0747e9, px: 150000, div: 'low', g: 0.05,
  }),
  kospi('034220', 'LG Display Co. Ltd.', 'LG顯示器', ['樂金顯示器', 'LG Display', 'LGD', 'LG디스플레이'], 'information_technology', 'electronic_components', {
    rev: 26.6e12, nm: -0.05, gm: 0.1, sh: 0.5e9, px: 10000, div: 'none', g: 0,
  }),
  kospi('011070', 'LG Innotek Co. Ltd.', 'LG伊諾特', ['LG Innotek', 'LG이노텍'], 'information_technology', 'electronic_components', {
    rev: 21.2e12, nm: 0.021, gm: 0.1, sh: 0.0237e9, px: 150000, div: 'low', g: 0.05,
  }),
  kospi('018260', 'Samsung SDS Co. Ltd.', '三星SDS', ['Samsung SDS', '삼성에스디에스'], 'information_technology', 'it_services', {
    rev: 13.8e12, nm: 0.066, gm: 0.16, sh: 0.0774e9, px: 150000, div: 'medium', g: 0.03,
  }),
  kospi('000100', 'Yuhan Corp.', '柳韓洋行', ['Yuhan', '유한양행'], 'health_care', 'pharmaceuticals', {
    rev: 2.07e12, nm: 0.04, gm: 0.3, sh: 0.08e9, px: 110000, div: 'low', g: 0.05,
  }),
  kospi('086280', 'Hyundai Glovis Co. Ltd.', '現代格羅唯視', ['Hyundai Glovis', '현대글로비스'], 'industrials', 'air_freight_logistics', {
    rev: 28.4e12, nm: 0.05, gm: 0.1, sh: 0.075e9, px: 130000, div: 'medium', g: 0.05,
  }),
  kospi('006800', 'Mirae Asset Securities Co. Ltd.', '未來資產證券', ['Mirae Asset', '미래에셋증권'], 'financials', 'capital_markets', {
    rev: 3.0e12, nm: 0.3, sh: 0.57e9, px: 12000, div: 'medium', g: 0.05, shape: 'bank',
  }),
  kospi('000720', 'Hyundai Engineering & Construction Co. Ltd.', '現代建設', ['Hyundai E&C', '현대건설'], 'industrials', 'construction_engineering', {
    rev: 32.7e12, nm: 0.01, gm: 0.04, sh: 0.111e9, px: 40000, div: 'low', g: 0.05,
  }),
  kospi('139480', 'E-Mart Inc.', '易買得', ['E-Mart', 'Emart', '이마트'], 'consumer_staples', 'consumer_staples_retail', {
    rev: 29.2e12, nm: 0.005, gm: 0.27, sh: 0.0279e9, px: 70000, div: 'medium', g: 0.02,
  }),
  kospi('011170', 'Lotte Chemical Corp.', '樂天化學', ['Lotte Chemical', '롯데케미칼'], 'materials', 'chemicals', {
    rev: 20.4e12, nm: -0.03, gm: 0.03, sh: 0.0428e9, px: 60000, div: 'low', g: -0.02,
  }),
  kosdaq('247540', 'EcoPro BM Co. Ltd.', 'EcoPro BM', ['Ecopro BM', '에코프로비엠'], 'industrials', 'electrical_equipment', {
    rev: 2.77e12, nm: 0.02, gm: 0.05, sh: 0.0978e9, px: 120000, div: 'low', g: 0.1,
  }),
  kosdaq('028300', 'HLB Co. Ltd.', 'HLB', ['에이치엘비'], 'health_care', 'biotechnology', {
    rev: 60e9, nm: -1.5, gm: 0.5, sh: 0.13e9, px: 60000, div: 'none', g: 0.1,
  }),
  kosdaq('263750', 'Pearl Abyss Corp.', '珍艾碧絲', ['Pearl Abyss', '펄어비스'], 'communication_services', 'entertainment', {
    rev: 0.34e12, nm: 0.02, gm: 0.9, sh: 0.064e9, px: 35000, div: 'none', g: 0.05,
  }),
  kosdaq('035900', 'JYP Entertainment Corp.', 'JYP娛樂', ['JYP', 'JYP Entertainment', 'JYP엔터테인먼트'], 'communication_services', 'entertainment', {
    rev: 0.6e12, nm: 0.12, gm: 0.5, sh: 0.0355e9, px: 70000, div: 'low', g: 0.1,
  }),
  kosdaq('041510', 'SM Entertainment Co. Ltd.', 'SM娛樂', ['SM Entertainment', 'SM', '에스엠'], 'communication_services', 'entertainment', {
    rev: 0.99e12, nm: 0.06, gm: 0.4, sh: 0.0236e9, px: 100000, div: 'low', g: 0.08,
  }),
  kosdaq('293490', 'Kakao Games Corp.', 'Kakao Games', ['카카오게임즈'], 'communication_services', 'entertainment', {
    rev: 0.9e12, nm: -0.05, gm: 0.5, sh: 0.082e9, px: 18000, div: 'none', g: 0,
  }),
  kosdaq('277810', 'Rainbow Robotics', '彩虹機器人', ['Rainbow Robotics', '레인보우로보틱스'], 'industrials', 'machinery', {
    rev: 20e9, nm: 0, gm: 0.3, sh: 0.0194e9, px: 250000, div: 'none', g: 0.3,
  }),
  kosdaq('068760', 'Celltrion Pharm Inc.', '賽特瑞恩製藥', ['Celltrion Pharm', '셀트리온제약'], 'health_care', 'pharmaceuticals', {
    rev: 0.49e12, nm: 0.04, gm: 0.25, sh: 0.0416e9, px: 60000, div: 'none', g: 0.05,
  }),
  kosdaq('035760', 'CJ ENM Co. Ltd.', 'CJ ENM', ['CJ E&M', 'Mnet', '씨제이이엔엠'], 'communication_services', 'entertainment', {
    rev: 5.0e12, nm: 0.01, gm: 0.3, sh: 0.0219e9, px: 70000, div: 'low', g: 0.05,
  }),
]
