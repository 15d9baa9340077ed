/**
 * The diagnosis report's icons as one SVG sprite: each shape is drawn once per page (`ReportIconSprite`, placed
 * once in the report) and every use of it is a `<use href>` of a few dozen bytes. Drawn inline, the same five
 * icons were about 150 copies and a fifth of the page's HTML. The shapes are lucide's (ISC licence), as elsewhere
 * on the site; icons are decoration here, hidden from assistive technology, the words beside them carry the meaning.
 */
const shapes = {
  'chevron-down': <path d="m6 9 6 6 6-6" />,
  'book-open': (
    <>
      <path d="M12 5v16" />
      <path d="M20.001 19A2 2 0 0022 17V5a2 2 0 00-1.999-2L16 3.002A5 5 0 0012 5a5 5 0 00-4-2H4a2 2 0 00-2 2v12a2 2 0 001.999 2H8a5 5 0 014 2 5 5 0 014-2z" />
    </>
  ),
  'circle-check': (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="m16 9-5.5 5.5L8 12" />
    </>
  ),
  'circle-x': (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="m15 9-6 6" />
      <path d="m9 9 6 6" />
    </>
  ),
  'circle-minus': (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M8 12h8" />
    </>
  ),
} as const

export type ReportIconName = keyof typeof shapes

const idOf = (name: ReportIconName) => `report-icon-${name}`

/** The shapes, once, for the report's icons to refer to; takes no room and is hidden from assistive technology. */
export function ReportIconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute overflow-hidden">
      {Object.entries(shapes).map(([name, shape]) => (
        <symbol
          key={name}
          id={idOf(name as ReportIconName)}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {shape}
        </symbol>
      ))}
    </svg>
  )
}

/** One of the sprite's icons, in the current text colour; decorative (the text beside it names it). */
export function ReportIcon({ name, className }: { name: ReportIconName; className: string }) {
  return (
    <svg className={className} aria-hidden="true">
      <use href={`#${idOf(name)}`} />
    </svg>
  )
}
