import { existsSync } from 'node:fs';
import { strict } from './strict';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A native image that remembers what it was made of; a buffer that is not a PNG makes an empty one, as in Electron. */
export class FakeNativeImage {
  readonly representations: { scaleFactor: number; buffer: Buffer }[] = [];
  constructor(readonly source: string) {}
  addRepresentation(options: { scaleFactor?: number; buffer?: Buffer }): void {
    if (!options.buffer || !isPng(options.buffer))
      throw new Error('fake electron: addRepresentation needs a PNG buffer');
    this.representations.push({ scaleFactor: options.scaleFactor ?? 1, buffer: options.buffer });
  }
  isEmpty(): boolean {
    return this.representations.length === 0 && this.source === 'empty';
  }
  /** A PNG as a data URL, as Electron gives a thumbnail; an empty image gives Electron's empty URL. */
  toDataURL(): string {
    const png = this.representations[0]?.buffer;
    return png ? `data:image/png;base64,${png.toString('base64')}` : 'data:image/png;base64,';
  }
  getSize(): { width: number; height: number } {
    const png = this.representations[0]?.buffer;
    return png ? { width: png.readUInt32BE(16), height: png.readUInt32BE(20) } : { width: 0, height: 0 };
  }
}

const isPng = (buffer: Buffer): boolean => buffer.subarray(0, 8).equals(PNG_SIGNATURE);

export const nativeImage = strict('nativeImage', {
  createEmpty: () => strict('NativeImage', new FakeNativeImage('empty')),
  createFromBuffer(buffer: Buffer) {
    const image = new FakeNativeImage(isPng(buffer) ? 'buffer' : 'empty');
    if (isPng(buffer)) image.addRepresentation({ scaleFactor: 1, buffer });
    return strict('NativeImage', image);
  },
  createFromPath(path: string) {
    return strict('NativeImage', new FakeNativeImage(existsSync(path) ? `path:${path}` : 'empty'));
  },
});
