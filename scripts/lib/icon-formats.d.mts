/** Types of icon-formats.mjs, for the TypeScript tests that read back what it writes. */
export declare function writeIco(images: { size: number; rgba: Uint8Array; png: Uint8Array }[]): Buffer;

export declare const ICNS_TYPES: [type: string, size: number][];

export declare function writeIcns(pngBySize: Map<number, Uint8Array>): Buffer;
