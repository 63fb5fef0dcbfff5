import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';
import { resolve } from 'node:path';
import { compileScreensEagerly } from './scripts/lib/compile-hints.mjs';

/** `electron-vite build --outDir out-x` gives parallel test builds each a whole tree (see E2E_OUT_DIR). */
const outRoot = ((): string => {
  const index = process.argv.indexOf('--outDir');
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1]! : 'out';
})();

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: { index: resolve(__dirname, 'main/index.ts') },
        // Native: loaded from node_modules at run time (unpacked from the asar by electron-builder).
        // The PAC interpreter reads its WebAssembly file beside its own module, so it stays a package too.
        external: ['keytar', 'pac-resolver', 'quickjs-wasi'],
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'preload/index.ts') },
        // A sandboxed preload must be one CommonJS file that requires nothing but 'electron'.
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true },
      },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [
      vue(),
      compileScreensEagerly(),
      // The CLI's --outDir would land under renderer/ (this config's root); keep it beside main and preload.
      { name: 'renderer-out-dir', config: () => ({ build: { outDir: resolve(__dirname, outRoot, 'renderer') } }) },
    ],
    resolve: {
      alias: {
        '@renderer': resolve(__dirname, 'renderer/src'),
        '@contract': resolve(__dirname, 'preload/contract'),
      },
    },
    build: {
      rollupOptions: { input: resolve(__dirname, 'renderer/index.html') },
    },
  },
});
