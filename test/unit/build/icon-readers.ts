import { inflateSync } from 'node:zlib';

/**
 * Readers for the icon files, written from the format descriptions independently of the writers in
 * scripts/lib/icon-formats.mjs, so a test that reads back what was written checks the files, not the
 * writer against itself.
 */

export interface Picture {
  width: number;
  height: number;
  rgba: Uint8Array;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array): number => {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

export const isPng = (bytes: Uint8Array): boolean => PNG_SIGNATURE.every((b, i) => bytes[i] === b);

/** An 8-bit RGBA PNG, every chunk's CRC checked and every row filter undone. */
export function readPng(bytes: Uint8Array): Picture {
  if (!isPng(bytes)) throw new Error('not a PNG');
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  for (let at = 8; at < buf.length;) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('ascii', at + 4, at + 8);
    const body = buf.subarray(at + 8, at + 8 + length);
    if (crc32(buf.subarray(at + 4, at + 8 + length)) !== buf.readUInt32BE(at + 8 + length)) {
      throw new Error(`bad CRC in ${type}`);
    }
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[9] !== 6) throw new Error('only 8-bit RGBA is read here');
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 4;
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const left = x >= 4 ? rgba[y * stride + x - 4]! : 0;
      const up = y > 0 ? rgba[(y - 1) * stride + x]! : 0;
      const upLeft = x >= 4 && y > 0 ? rgba[(y - 1) * stride + x - 4]! : 0;
      const paeth = (): number => {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      };
      const predictor = [0, left, up, (left + up) >> 1, paeth()][filter];
      if (predictor === undefined) throw new Error(`unknown filter ${filter}`);
      rgba[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return { width, height, rgba };
}

export interface IcoEntry extends Picture {
  /** The size the directory announces (0 in the file means 256). */
  declared: number;
  encoding: 'png' | 'bitmap';
}

/** Every image of a Windows .ico, PNG or 32-bit bitmap. */
export function readIco(bytes: Uint8Array): IcoEntry[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.readUInt16LE(0) !== 0 || buf.readUInt16LE(2) !== 1) throw new Error('not an .ico');
  const count = buf.readUInt16LE(4);
  return Array.from({ length: count }, (_, i) => {
    const at = 6 + i * 16;
    const declared = buf[at] || 256;
    const size = buf.readUInt32LE(at + 8);
    const offset = buf.readUInt32LE(at + 12);
    if (offset + size > buf.length) throw new Error(`entry ${i} runs past the end of the file`);
    const body = buf.subarray(offset, offset + size);
    if (isPng(body)) return { declared, encoding: 'png', ...readPng(body) };
    return { declared, encoding: 'bitmap', ...readBitmap(body) };
  });
}

function readBitmap(body: Buffer): Picture {
  if (body.readUInt32LE(0) !== 40 || body.readUInt16LE(14) !== 32) throw new Error('only 32-bit bitmaps are read here');
  const width = body.readInt32LE(4);
  const height = body.readInt32LE(8) / 2; // the colour rows, then as many mask rows
  const maskStride = Math.ceil(width / 32) * 4;
  if (body.length !== 40 + width * height * 4 + maskStride * height) throw new Error('bitmap size does not add up');
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const from = 40 + ((height - 1 - y) * width + x) * 4;
      rgba.set([body[from + 2]!, body[from + 1]!, body[from]!, body[from + 3]!], (y * width + x) * 4);
    }
  }
  return { width, height, rgba };
}

export interface IcnsEntry extends Picture {
  type: string;
}

/** Every PNG entry of a macOS .icns, after checking that the lengths add up to the file. */
export function readIcns(bytes: Uint8Array): IcnsEntry[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.toString('ascii', 0, 4) !== 'icns' || buf.readUInt32BE(4) !== buf.length) throw new Error('not an .icns');
  const entries: IcnsEntry[] = [];
  for (let at = 8; at < buf.length;) {
    const type = buf.toString('ascii', at, at + 4);
    const length = buf.readUInt32BE(at + 4);
    if (length < 8 || at + length > buf.length) throw new Error(`entry ${type} runs past the end of the file`);
    entries.push({ type, ...readPng(buf.subarray(at + 8, at + length)) });
    at += length;
  }
  return entries;
}

/** One pixel as [r, g, b, a]. */
export const pixel = (picture: Picture, x: number, y: number): number[] =>
  Array.from(picture.rgba.subarray((y * picture.width + x) * 4, (y * picture.width + x) * 4 + 4));
