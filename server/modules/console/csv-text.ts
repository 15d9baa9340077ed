/**
 * CSV as spreadsheets read it (RFC 4180): fields with a comma, a quote or a line break are quoted, quotes doubled,
 * lines end in CRLF. The file starts with a UTF-8 byte-order mark, without which Excel reads Chinese as another
 * code page. A text that a spreadsheet would run as a formula (starting with = + - @ or a tab) gets a leading
 * apostrophe: sign-ups are typed by anyone, and an export is opened by staff.
 */

export const csvByteOrderMark = '\uFEFF'

/** One field; `isTrusted` for values the site made or checked (a date, a phone of digits), which are never neutralised. */
export function csvField(value: string | number | null | undefined, isTrusted = false): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (!isTrusted && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One line of fields, CRLF-terminated (each value already passed through `csvField`). */
export function csvLine(fields: readonly string[]): string {
  return `${fields.join(',')}\r\n`
}
