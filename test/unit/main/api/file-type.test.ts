import { describe, expect, it } from 'vitest';
import { imageTypeOf } from '../../../../main/api/file-type';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('imageTypeOf', () => {
  it('knows the four picture types by their first bytes, whatever the file is called', () => {
    expect(imageTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(imageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(imageTypeOf(new TextEncoder().encode('GIF89a'))).toBe('image/gif');
    expect(imageTypeOf(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses anything else, including a RIFF that is not WebP and a too-short file', () => {
    expect(imageTypeOf(new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
    expect(imageTypeOf(new TextEncoder().encode('%PDF-1.7'))).toBeUndefined();
    expect(imageTypeOf(bytes(0x89, 0x50))).toBeUndefined();
  });
});
