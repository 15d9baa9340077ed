/**
 * A message with values, translated once and filled many times. A list of 200 rows asks for the same message with
 * a different name or figure in each row ("Remove {{name}}"), and each `t` call with values interpolates anew: here
 * the message is asked for once with markers in place of its values, and each row's text is the parts between the
 * markers joined with the row's values, in the order the language puts them.
 */
export function messageTemplate<Name extends string>(
  translate: (key: string, values: Record<string, string>) => string,
  key: string,
  names: readonly Name[],
): (values: Record<Name, string>) => string {
  // Private-use characters: no translation or value carries them.
  const markers = Object.fromEntries(names.map((name, index) => [name, `\uE000${index}\uE001`]))
  // [text, value index, text, value index, …, text]
  const parts = translate(key, markers).split(/\uE000(\d+)\uE001/)
  return (values) => {
    let text = parts[0] ?? ''
    for (let i = 1; i < parts.length; i += 2) {
      text += values[names[Number(parts[i])] as Name] + (parts[i + 1] ?? '')
    }
    return text
  }
}
