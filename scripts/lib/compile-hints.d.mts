/** Types of compile-hints.mjs, for the build config and the tests that import it. */
export declare const COMPILE_HINT: string;

export declare function addCompileHints(
  bundle: Record<string, { type: string; isEntry?: boolean; code?: string }>,
): void;

export declare function compileScreensEagerly(): {
  name: string;
  enforce: 'post';
  generateBundle(options: unknown, bundle: Record<string, { type: string; isEntry?: boolean; code?: string }>): void;
};
