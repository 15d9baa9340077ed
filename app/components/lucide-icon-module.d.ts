/**
 * What a lucide-react per-icon module (`lucide-react/icons/<name>`) holds, for app/components/icons.tsx: its shapes
 * beside its component. The package's own declaration names only the component; tsconfig.json maps the modules here.
 */
export declare const __iconData: {
  name: string
  size: number
  node: readonly (readonly [string, Readonly<Record<string, string>>])[]
}
