import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  Link,
  NavLink,
  Outlet,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router'
import { describe, expect, it } from 'vitest'
import { isPlainPath, PageLink, PageNavLink } from './page-link.tsx'

/** Draws `node` on the server inside a page two routes deep, as the site's pages are (root, shell, page). */
async function renderOnPage(node: React.ReactNode, url = 'http://en.localhost/articles/some-article') {
  const routes: RouteObject[] = [
    {
      id: 'root',
      path: '/',
      element: <Outlet />,
      children: [
        {
          id: 'shell',
          element: <Outlet />,
          // Any page: a splat matches every path, the site's root included.
          children: [{ id: 'page', path: '*', element: node }],
        },
      ],
    },
  ]
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(url))
  if (context instanceof Response || context.errors) throw new Error(`no page at ${url}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />)
}

const paths = [
  '/',
  '/articles/kospi-week-ahead',
  '/topics/earnings-season',
  '/search/Samsung%20Electronics?tag=samsung',
  '/search/%E5%8F%B0%E7%A9%8D%E9%9B%BB?tag=tsmc',
  '/ai-stock-diagnosis?code=005930&market=kr',
  '/member/login?redirect=%2Farticles%2Fx#form',
]

describe('a link to a page of the site', () => {
  it('is drawn on the server exactly as React Router’s Link draws it', async () => {
    // The short way is the server's (Vite's SSR flag, which Vitest sets for the node environment).
    expect(import.meta.env.SSR).toBe(true)
    for (const to of paths) {
      expect(isPlainPath(to), to).toBe(true)
      const props = { className: 'block text-sm', title: 'A title', 'aria-label': 'Label' }
      const ours = await renderOnPage(
        <PageLink to={to} {...props}>
          Text &amp; more
        </PageLink>,
      )
      const theirs = await renderOnPage(
        <Link to={to} {...props}>
          Text &amp; more
        </Link>,
      )
      expect(ours, to).toBe(theirs)
      expect(ours, to).toContain('data-discover="true"')
    }
  })

  it('leaves to Link every path Link would resolve or rewrite, and draws it the same', async () => {
    for (const to of [
      'relative',
      './here',
      '../up',
      '/a/../b',
      '/a/./b',
      '//other.example/x',
      'https://x.example/',
      '/a?',
      '/a#',
    ]) {
      expect(isPlainPath(to), to).toBe(false)
      expect(await renderOnPage(<PageLink to={to}>x</PageLink>), to).toBe(
        await renderOnPage(<Link to={to}>x</Link>),
      )
    }
  })
})

describe('a navigation link', () => {
  const pages = [
    '/',
    '/articles',
    '/articles/some-article',
    '/Articles',
    '/analysis',
    '/articles-old',
    '/stocks-hot',
  ]
  const links = ['/', '/articles', '/articles/', '/ARTICLES', '/analysis', '/stocks-hot']

  it('is drawn on the server as NavLink draws it, active where NavLink is', async () => {
    for (const page of pages) {
      for (const to of links) {
        for (const end of [false, true]) {
          const className = ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off')
          const url = `http://en.localhost${page}`
          const ours = await renderOnPage(
            <PageNavLink to={to} end={end} className={className}>
              Link
            </PageNavLink>,
            url,
          )
          const theirs = await renderOnPage(
            <NavLink to={to} end={end} className={className}>
              Link
            </NavLink>,
            url,
          )
          expect(ours, `${to} on ${page}${end ? ' (end)' : ''}`).toBe(theirs)
        }
        const withClass = (Component: typeof PageNavLink | typeof NavLink) =>
          renderOnPage(
            <Component to={to} className="plain" aria-current="location">
              Link
            </Component>,
            `http://en.localhost${page}`,
          )
        expect(await withClass(PageNavLink)).toBe(await withClass(NavLink))
      }
    }
    // Both kinds of answer occur above.
    expect(
      await renderOnPage(<PageNavLink to="/articles">x</PageNavLink>, 'http://en.localhost/articles'),
    ).toContain('aria-current="page"')
  })
})
