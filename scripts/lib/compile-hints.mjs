/**
 * V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints, Chromium 136 and later): a file
 * that starts with this comment has all its functions compiled as it loads, not on their first call.
 *
 * The screens' chunks are fetched while the app is idle (renderer/src/router/prefetch.ts), but V8 compiled
 * each function only when a screen first ran it, so the first visit to a portfolio's comments spent ~10 ms
 * compiling in the middle of drawing them. With the hint the compiling happens at the idle fetch. The
 * entry chunk is left alone: compiling all of it eagerly would slow the start for code many never run.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Adds the hint to a bundle's chunks other than the entry. Done on the finished bundle: a transform
 * earlier in the build (esbuild's) drops comments it does not know.
 * @param {Record<string, { type: string; isEntry?: boolean; code?: string }>} bundle
 */
export function addCompileHints(bundle) {
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk' && !output.isEntry && !output.code?.startsWith(COMPILE_HINT)) {
      // No source map is built for the renderer; one added later would be a line off in these chunks.
      output.code = `${COMPILE_HINT}\n${output.code ?? ''}`;
    }
  }
}

/** The Vite plugin (renderer build only). */
export function compileScreensEagerly() {
  return {
    name: 'compile-screens-eagerly',
    enforce: 'post',
    /** @param {unknown} _options @param {Record<string, { type: string; isEntry?: boolean; code?: string }>} bundle */
    generateBundle(_options, bundle) {
      addCompileHints(bundle);
    },
  };
}
