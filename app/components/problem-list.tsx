/**
 * What was wrong with a form sent as a URL (a screen's filters, a comparison's codes), each problem in the reader's
 * language, with a hint for what to do: announced as an alert, above the results it did not stop.
 */
export function ProblemList({
  heading,
  problems,
  hint,
  testId,
}: {
  heading: string
  problems: readonly string[]
  /** What to do about them, when the page has more to say than the problems. */
  hint?: string
  testId?: string
}) {
  if (problems.length === 0) return null
  return (
    <div role="alert" className="rounded-card border border-loss/40 bg-white p-4" data-testid={testId}>
      <h2 className="font-semibold text-ink-950">{heading}</h2>
      <ul className="mt-2 list-disc ps-5 text-sm text-ink-900">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      {hint ? <p className="mt-2 text-sm text-ink-700">{hint}</p> : null}
    </div>
  )
}
