import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'contracts/**/*.test.ts',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    globalSetup: ['server/testing/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
