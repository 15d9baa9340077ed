/**
 * The site's outline icons: lucide's shapes (ISC licence, from the package, so they follow its updates) drawn with
 * only what differs per icon. lucide's own component writes eleven attributes on every copy (the namespace, width,
 * height, fill, stroke and its width, caps and joins, two class names); a page draws dozens of icons, and those
 * attributes were several kilobytes of every document. Here the shared ones are one stylesheet rule (`.icon` in
 * app.css), and sizes and colours come from the classes callers already pass (`size-4`, `text-…`).
 *
 * Icons are decoration unless given a name: without an `aria-*`, `role` or `title` prop they are hidden from
 * assistive technology, as lucide's are. A `size`, `strokeWidth`, `fill` or `color` prop is applied as a style,
 * because the stylesheet rule would otherwise win over a presentation attribute.
 *
 * A module makes the icons it draws from the shapes it imports, one module per shape, so each page's code carries
 * only its own icons:
 *
 *     import { __iconData as searchShape } from 'lucide-react/icons/search'
 *     const Search = outlineIcon(searchShape)
 */

import { type CSSProperties, createElement, type ReactElement, type SVGProps } from 'react'

/** One shape of an icon: an element name and its attributes (lucide's `key` among them, used as the React key). */
type IconNode = readonly (readonly [string, Readonly<Record<string, string>>])[]

export interface IconProps extends SVGProps<SVGSVGElement> {
  size?: number | string
}

export type Icon = (props: IconProps) => ReactElement

function isNamed(props: IconProps): boolean {
  return Object.keys(props).some(
    (name) =>
      (name.startsWith('aria-') || name === 'role' || name === 'title') &&
      props[name as keyof IconProps] != null,
  )
}

/** An icon component for one of lucide's shapes (`__iconData` of `lucide-react/icons/<name>`). */
export function outlineIcon(data: { node: IconNode }): Icon {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per icon at module level, as lucide's own factory is, never during a render
  return function OutlineIcon({
    size,
    strokeWidth,
    fill,
    color,
    className,
    style,
    children,
    ...rest
  }: IconProps) {
    const overrides: CSSProperties = {}
    if (size !== undefined) overrides.width = overrides.height = size
    if (strokeWidth !== undefined) overrides.strokeWidth = strokeWidth
    if (fill !== undefined) overrides.fill = fill
    if (color !== undefined) overrides.color = color
    return createElement(
      'svg',
      {
        viewBox: '0 0 24 24',
        className: className ? `icon ${className}` : 'icon',
        style: Object.keys(overrides).length > 0 ? { ...overrides, ...style } : style,
        'aria-hidden': isNamed(rest) || children ? undefined : 'true',
        ...rest,
      },
      ...data.node.map(([tag, { key, ...attributes }]) => createElement(tag, { key, ...attributes })),
      children,
    )
  }
}
