import { describe, expect, it } from 'vitest'
import { releaseChineseSegmenter, segmentChineseWordsWithJieba } from './chinese-segmentation.ts'

describe('the jieba segmenter', () => {
  it('cuts the finance words again after it was let go (the seed lets it go once indexed)', () => {
    const sentence = '台積電第三季毛利率創新高'
    const before = segmentChineseWordsWithJieba(sentence)
    expect(before).toContain('台積電')
    releaseChineseSegmenter()
    expect(segmentChineseWordsWithJieba(sentence)).toEqual(before)
  })
})
