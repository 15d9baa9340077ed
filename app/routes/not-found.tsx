/** Any path no route matches: a real 404 inside the shell (spec §2). */
import { data } from 'react-router'

export function loader() {
  throw data({ reason: 'not-found' }, { status: 404 })
}

export default function NotFound() {
  return null
}
