import { describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT } from '../../../scripts/lib/compile-hints.mjs';
import config from '../../../electron.vite.config';

describe('eager compiling of the screens’ code (V8 compile hints)', () => {
  it('marks every chunk but the entry, once, and leaves other files alone', () => {
    const bundle = {
      'assets/index.js': { type: 'chunk', isEntry: true, code: 'start();' },
      'assets/PortfolioView.js': { type: 'chunk', isEntry: false, code: 'export const view = 1;' },
      'assets/index.css': { type: 'asset', source: 'body{}' } as { type: string; code?: string },
    };
    addCompileHints(bundle);
    addCompileHints(bundle);
    expect(bundle['assets/index.js'].code).toBe('start();');
    expect(bundle['assets/PortfolioView.js'].code).toBe(`${COMPILE_HINT}\nexport const view = 1;`);
    expect(bundle['assets/index.css'].code).toBeUndefined();
  });

  it('is part of the renderer build, and only of it', () => {
    const names = (plugins: unknown) => ((plugins ?? []) as { name?: string }[]).flat().map((plugin) => plugin?.name);
    const built = config as { renderer?: { plugins?: unknown }; main?: { plugins?: unknown } };
    expect(names(built.renderer?.plugins)).toContain('compile-screens-eagerly');
    expect(names(built.main?.plugins)).not.toContain('compile-screens-eagerly');
  });
});
