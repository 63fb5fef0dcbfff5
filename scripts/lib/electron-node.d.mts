/** Types of electron-node.mjs, for the TypeScript tests that import it. */
export declare const ELECTRON_NODE_MAJOR: Readonly<Record<number, number>>;

export declare function nodeMajorForElectron(electronVersion: string): number | undefined;
