/**
 * How long a text box waits after the last keystroke before it asks for suggestions: long enough not to ask on every
 * keystroke (the searches are rate-limited per address). The site search and the stock combobox share it.
 */
export const suggestionDelayMs = 250
