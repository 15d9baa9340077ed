/**
 * A link to another page of the site by its path (`/articles/…`), for the many plain links a page draws: menus,
 * cards, tags, breadcrumbs. In the browser it is React Router's `Link`. On the server it is only the `<a>` that
 * `Link` draws — the same `href`, attributes and `data-discover` mark — because a `Link` resolves its path against
 * the route tree and sets up its click and prefetch handlers in every render, which on the server draws nothing:
 * about 5 µs a link, a few hundred links a second's worth of an uncached article or list page (issue "Fast on a
 * phone and under load"). Hydration sees the same element and attaches `Link`'s handlers to it.
 *
 * Only a plain absolute path takes the short way; anything `Link` would resolve or rewrite (a relative path, `..`,
 * another origin) is drawn by `Link` on the server too. `PageNavLink` is the same for `NavLink` (a link that knows
 * whether it leads to the page shown), with `NavLink`'s rule for when it is active.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react'
import { Link, NavLink, useLocation } from 'react-router'

export interface PageLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string
}

/** A path `Link` would put in `href` as it is: absolute, not protocol-relative, no dot segments, no empty query. */
export function isPlainPath(to: string): boolean {
  return /^\/(?!\/)/.test(to) && !/(^|\/)\.\.?(\/|$|[?#])/.test(to) && !/[?#]$/.test(to)
}

export function PageLink({ to, children, ...rest }: PageLinkProps) {
  if (import.meta.env.SSR && isPlainPath(to)) {
    return (
      <a {...rest} href={to} data-discover="true">
        {children}
      </a>
    )
  }
  return (
    <Link to={to} {...rest}>
      {children}
    </Link>
  )
}

export interface PageNavLinkProps extends Omit<PageLinkProps, 'className'> {
  /** Active also on the pages below it (`/articles` for `/articles/x`), unless `end`. */
  end?: boolean
  className?:
    | string
    | ((state: { isActive: boolean; isPending: boolean; isTransitioning: boolean }) => string)
  children?: ReactNode
}

/** Menus draw the same few dozen links in every render: each is parsed once per process. */
const normalisedPaths = new Map<string, string>()
const normalisedPathsMax = 1_000

/** A link's path as the URL parser writes it, in lower case. */
function normalisedPathOf(to: string): string {
  let path = normalisedPaths.get(to)
  if (path === undefined) {
    path = new URL(to, 'http://localhost').pathname.toLowerCase()
    // A link can be built from a request (a search keyword): the memory stays bounded.
    if (normalisedPaths.size >= normalisedPathsMax) normalisedPaths.clear()
    normalisedPaths.set(to, path)
  }
  return path
}

/**
 * NavLink's rule on the server, where nothing is pending or in transition: active when the page's path is the link's
 * or, without `end`, below it; paths compared without case, the link's as the URL parser writes it.
 */
function isActivePath(locationPathname: string, to: string, end: boolean): boolean {
  const toPathname = normalisedPathOf(to)
  const pathname = locationPathname.toLowerCase()
  const endSlashPosition =
    toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length
  return (
    pathname === toPathname ||
    (!end && pathname.startsWith(toPathname) && pathname.charAt(endSlashPosition) === '/')
  )
}

function ServerNavLink({
  to,
  end = false,
  className,
  children,
  'aria-current': ariaCurrent = 'page',
  ...rest
}: PageNavLinkProps) {
  const { pathname } = useLocation()
  const isActive = isActivePath(pathname, to, end)
  const classes =
    typeof className === 'function'
      ? className({ isActive, isPending: false, isTransitioning: false })
      : [className ?? '', isActive ? 'active' : null].filter(Boolean).join(' ')
  return (
    <a
      {...rest}
      aria-current={isActive ? ariaCurrent : undefined}
      className={classes}
      href={to}
      data-discover="true"
    >
      {children}
    </a>
  )
}

export function PageNavLink(props: PageNavLinkProps) {
  if (import.meta.env.SSR && isPlainPath(props.to)) return <ServerNavLink {...props} />
  return <NavLink {...props} />
}
