import { defineConfig } from 'drizzle-kit'

// Tables live beside their module (server/modules/<domain>/<domain>.sql.ts, or in a sub-room of it such as
// server/modules/chat/files/); migrations are generated here and applied by the app at start (server/db/migrate.ts),
// never by drizzle-kit itself.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/modules/**/*.sql.ts',
  out: './server/db/migrations',
  casing: 'snake_case',
})
