/**
 * The two icon containers the installers need, written from pixels we draw ourselves (no image tool
 * to install on every build machine): Windows `.ico` and macOS `.icns`.
 */

/**
 * A Windows icon. Entries under 256 pixels are 32-bit bitmaps (what every Windows shell and the NSIS
 * installer's icon reader accept); the 256-pixel entry is PNG, as Windows Vista introduced for it.
 * @param {{ size: number, rgba: Uint8Array, png: Uint8Array }[]} images square, 1 to 256 pixels
 */
export function writeIco(images) {
  const bodies = images.map(({ size, rgba, png }) => {
    if (size < 1 || size > 256) throw new Error(`An .ico entry must be 1 to 256 pixels, not ${size}.`);
    return size === 256 ? Buffer.from(png) : bitmapEntry(size, rgba);
  });
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size }, i) => {
    const at = 6 + i * 16;
    header[at] = size === 256 ? 0 : size; // 0 means 256
    header[at + 1] = size === 256 ? 0 : size;
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(bodies[i].length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += bodies[i].length;
  });
  return Buffer.concat([header, ...bodies]);
}

/** A BITMAPINFOHEADER, the pixels bottom-up in BGRA, then the 1-bit transparency mask. */
function bitmapEntry(size, rgba) {
  if (rgba.length !== size * size * 4) throw new Error('The pixel buffer does not match the size.');
  const maskStride = Math.ceil(size / 32) * 4;
  const info = Buffer.alloc(40);
  info.writeUInt32LE(40, 0);
  info.writeInt32LE(size, 4);
  info.writeInt32LE(size * 2, 8); // colour rows and mask rows
  info.writeUInt16LE(1, 12);
  info.writeUInt16LE(32, 14);
  info.writeUInt32LE(size * size * 4 + maskStride * size, 20);
  const pixels = Buffer.alloc(size * size * 4);
  const mask = Buffer.alloc(maskStride * size);
  for (let y = 0; y < size; y += 1) {
    const row = size - 1 - y;
    for (let x = 0; x < size; x += 1) {
      const from = (y * size + x) * 4;
      const to = (row * size + x) * 4;
      pixels[to] = rgba[from + 2];
      pixels[to + 1] = rgba[from + 1];
      pixels[to + 2] = rgba[from];
      pixels[to + 3] = rgba[from + 3];
      if (rgba[from + 3] === 0) mask[row * maskStride + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  return Buffer.concat([info, pixels, mask]);
}

/** The PNG-holding .icns types and the pixel size each holds (the @2x types are Retina versions). */
export const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['ic11', 32],
  ['ic12', 64],
  ['ic07', 128],
  ['ic13', 256],
  ['ic08', 256],
  ['ic14', 512],
  ['ic09', 512],
  ['ic10', 1024],
];

/**
 * A macOS icon: the `icns` header, then one PNG entry per type whose size is given.
 * @param {Map<number, Uint8Array>} pngBySize
 */
export function writeIcns(pngBySize) {
  const entries = [];
  for (const [type, size] of ICNS_TYPES) {
    const png = pngBySize.get(size);
    if (!png) continue;
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(8 + png.length, 4);
    entries.push(head, Buffer.from(png));
  }
  const body = Buffer.concat(entries);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + body.length, 4);
  return Buffer.concat([head, body]);
}
