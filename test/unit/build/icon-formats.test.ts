import { describe, expect, it } from 'vitest';
import { encodePng } from '../../../main/services/notifications/tray-icons';
import { ICNS_TYPES, writeIcns, writeIco } from '../../../scripts/lib/icon-formats.mjs';
import { pixel, readIcns, readIco, readPng } from './icon-readers';

/** A picture whose top-left quarter is red, the rest blue, with a transparent bottom-right pixel. */
function marked(size: number): { size: number; rgba: Uint8Array; png: Buffer } {
  const rgba = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const red = x < size / 2 && y < size / 2;
      rgba.set(red ? [255, 0, 0, 255] : [0, 0, 255, 255], (y * size + x) * 4);
    }
  }
  rgba.set([0, 0, 0, 0], (size * size - 1) * 4);
  return { size, rgba, png: encodePng(size, size, rgba) };
}

describe('the Windows icon writer', () => {
  it('writes an .ico that reads back at every size, the right way up, with transparency', () => {
    const ico = writeIco([16, 32, 48, 256].map(marked));
    const entries = readIco(ico);
    expect(entries.map((e) => [e.declared, e.width, e.height, e.encoding])).toEqual([
      [16, 16, 16, 'bitmap'],
      [32, 32, 32, 'bitmap'],
      [48, 48, 48, 'bitmap'],
      [256, 256, 256, 'png'],
    ]);
    for (const entry of entries) {
      const last = entry.width - 1;
      expect(pixel(entry, 0, 0)).toEqual([255, 0, 0, 255]);
      expect(pixel(entry, last, 0)).toEqual([0, 0, 255, 255]);
      expect(pixel(entry, 0, last)).toEqual([0, 0, 255, 255]);
      expect(pixel(entry, last, last)[3]).toBe(0);
    }
  });

  it('refuses sizes Windows cannot hold in an .ico', () => {
    expect(() => writeIco([marked(512)])).toThrow('1 to 256 pixels, not 512');
  });
});

describe('the macOS icon writer', () => {
  it('writes an .icns whose entries hold PNGs of the size their type stands for', () => {
    const sizes = [16, 32, 64, 128, 256, 512, 1024];
    const icns = writeIcns(new Map(sizes.map((size) => [size, marked(size).png])));
    const entries = readIcns(icns);
    expect(entries.map((e) => e.type)).toEqual(ICNS_TYPES.map(([type]) => type));
    for (const entry of entries) {
      expect(entry.width).toBe(Object.fromEntries(ICNS_TYPES)[entry.type]);
      expect(pixel(entry, 0, 0)).toEqual([255, 0, 0, 255]);
    }
  });

  it('leaves out the types whose size it was not given', () => {
    const icns = writeIcns(new Map([[128, marked(128).png]]));
    expect(readIcns(icns).map((e) => [e.type, e.width])).toEqual([['ic07', 128]]);
    expect(readPng(marked(128).png).width).toBe(128);
  });
});
