import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';
import { fileURLToPath } from 'node:url';

const alias = {
  '@contract': fileURLToPath(new URL('./preload/contract', import.meta.url)),
  '@renderer': fileURLToPath(new URL('./renderer/src', import.meta.url)),
};

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [vue()],
        // Code under main/electron and preload/index.ts meets a strict fake of Electron in unit tests.
        resolve: {
          alias: [
            ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
            {
              find: /^electron$/,
              replacement: fileURLToPath(new URL('./test/support/fake-electron/index.ts', import.meta.url)),
            },
          ],
        },
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Sandboxes bind their own ports and data folders; files can run in parallel.
          pool: 'forks',
        },
      },
    ],
  },
});
