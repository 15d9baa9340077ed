/**
 * A setting the process cannot start with: a wrong variable, or a configured folder or database that cannot be
 * used. The entries (main.ts, ops.ts) print its message alone, one line that names the variable or folder and says
 * what to do, and exit 1.
 */
export class ConfigError extends Error {
  override name = 'ConfigError'
}
