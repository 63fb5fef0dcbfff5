/** Types of signing-env.mjs, for the TypeScript tests that import it. */
export declare const NOTARISATION_SETS: string[][];

export declare function missingSigningSecrets(runnerOs: string, env: Record<string, string | undefined>): string[];
