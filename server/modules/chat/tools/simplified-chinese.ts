/**
 * Simplified → Traditional for the characters a stock question uses (company names of the universe and the chat's
 * intent words), so "腾讯被低估了吗" reads as "騰訊被低估了嗎". Not a general converter: characters outside the
 * table pass through unchanged, which is harmless because matching only looks for known names and words.
 */
const table = new Map<string, string>()
for (const pair of '腾騰 讯訊 积積 电電 丰豐 软軟 银銀 汇滙 亚亞 马馬 逊遜 苹蘋 伟偉 达達 网網 络絡 动動 车車 团團 东東 鸿鴻 业業 华華 为為 兴興 发發 贸貿 险險 国國 际際 证證 资資 产產 营營 线線 联聯 机機 设設 计計 药藥 医醫 疗療 饮飲 费費 韩韓 该該 这這 个個 们們 么麼 吗嗎 对對 较較 价價 评評 诊診 断斷 热熱 门門 闻聞 报報 导導 选選 荐薦 变變 涨漲 还還 没沒 从從 过過 时時 间間 长長 当當 后後 开開 关關 头頭 问問 题題 说說 应應 实實 现現 广廣 钢鋼 铁鐵 矿礦 运運 输輸 贵貴 宝寶 岛島 湾灣 码碼 双雙 类類 级級 参參 盘盤 额額 总總 纳納 币幣 场場 财財 务務 态態 样樣 几幾 么麼 现現 帮幫 预預 测測 气氣 节節 润潤 率率 毛毛 险險 绩績 购購 买買 卖賣 击擊 压壓 阻阻 称稱 图圖 表表 历歷 史史 数數 据據 据據 细細 结結 构構 权權 益益 负負 债債 扬揚 罗羅 兰蘭 荣榮 乐樂 爱愛 钟鐘 锋鋒 阳陽 宁寧 广廣 众眾 洁潔 龙龍 凤鳳 飞飛 丽麗 达達'.split(
  ' ',
)) {
  const [simplified, traditional] = Array.from(pair)
  if (simplified && traditional && simplified !== traditional) table.set(simplified, traditional)
}

export function toTraditional(text: string): string {
  let out = ''
  for (const ch of text) out += table.get(ch) ?? ch
  return out
}
