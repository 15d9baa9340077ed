/** Placeholder replaced by the page's implementation (issue 15). */
export default function Placeholder() {
  return null
}
