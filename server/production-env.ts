/**
 * Imported first by the production entries: libraries (React above all) pick their production code paths from
 * NODE_ENV when they load, so it must be set before anything else is imported.
 */
// An empty NODE_ENV means unset, as for every variable (server/config.ts).
if (!process.env.NODE_ENV?.trim()) process.env.NODE_ENV = 'production'
