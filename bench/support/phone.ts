/**
 * The phone Lighthouse's mobile audits emulate, for benches that drive Chromium themselves: its user agent (not a
 * bot's, so the server answers as to a reader's phone: a headless browser's own is a crawler's, which the diagnosis
 * page answers without a report), its slow 4G (`mobileSlow4G`) and its CPU slowdown.
 */
export const mobileUserAgent =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36'

/** rttMs, throughputKbps, uploadThroughputKbps of `mobileSlow4G`. */
export const slow4G = { latency: 150, downloadKbps: 1638.4, uploadKbps: 750 }

export const cpuSlowdown = 4
