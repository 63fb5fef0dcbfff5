import { deflateSync } from 'node:zlib';
import type { TrayIcon } from './tray';

/**
 * The tray icons, drawn in code at run time (no image files to keep in step with the states): a
 * round disc whose colour and mark tell the state, as PNG buffers the shell turns into images.
 */

type Rgba = readonly [number, number, number, number];

const INDIGO: Rgba = [79, 70, 229, 255];
const GREY: Rgba = [128, 128, 128, 255];
const RED: Rgba = [220, 38, 38, 255];
const AMBER: Rgba = [217, 119, 6, 255];
const WHITE: Rgba = [255, 255, 255, 255];

interface IconLook {
  disc: Rgba;
  /** Only a ring (signed out). */
  hollow?: boolean;
  /** A dot in the top-right corner (unread, or a problem). */
  dot?: Rgba;
  /** An upward arrow in the disc (uploading). */
  arrow?: boolean;
  /** A diagonal bar across (offline). */
  bar?: boolean;
}

export const trayIconLooks: Record<TrayIcon, IconLook> = {
  'signed-out': { disc: GREY, hollow: true },
  offline: { disc: GREY, bar: true },
  idle: { disc: INDIGO },
  unread: { disc: INDIGO, dot: RED },
  uploading: { disc: INDIGO, arrow: true },
  'uploading-unread': { disc: INDIGO, arrow: true, dot: RED },
  attention: { disc: INDIGO, dot: AMBER },
};

/** RGBA pixels, `size` by `size`, of one state's icon (anti-aliased by 4×4 supersampling). */
export function drawTrayIcon(icon: TrayIcon, size: number): Uint8Array {
  const look = trayIconLooks[icon];
  const pixels = new Uint8Array(size * size * 4);
  const samples = 4;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          // Unit coordinates: 0..1 across the icon.
          const u = (x + (sx + 0.5) / samples) / size;
          const v = (y + (sy + 0.5) / samples) / size;
          const colour = colourAt(look, u, v);
          if (!colour) continue;
          const alpha = colour[3] / 255;
          sum[0]! += colour[0] * alpha;
          sum[1]! += colour[1] * alpha;
          sum[2]! += colour[2] * alpha;
          sum[3]! += alpha;
        }
      }
      const offset = (y * size + x) * 4;
      const coverage = sum[3]!;
      if (coverage === 0) continue;
      pixels[offset] = Math.round(sum[0]! / coverage);
      pixels[offset + 1] = Math.round(sum[1]! / coverage);
      pixels[offset + 2] = Math.round(sum[2]! / coverage);
      pixels[offset + 3] = Math.round((coverage / (samples * samples)) * 255);
    }
  }
  return pixels;
}

function colourAt(look: IconLook, u: number, v: number): Rgba | undefined {
  // The dot sits on top of everything, with a transparent gap around it so it reads on any disc.
  if (look.dot) {
    const d = Math.hypot(u - 0.78, v - 0.22);
    if (d <= 0.2) return look.dot;
    if (d <= 0.27) return undefined;
  }
  const r = Math.hypot(u - 0.5, v - 0.5);
  if (r > 0.46) return undefined;
  if (look.hollow) return r >= 0.32 ? look.disc : undefined;
  if (look.bar && Math.abs(u - v) < 0.09) return WHITE;
  if (look.arrow && onArrow(u, v)) return WHITE;
  if (!look.arrow && !look.bar && r <= 0.13) return WHITE; // a small centre mark, so idle is not a blob
  return look.disc;
}

function onArrow(u: number, v: number): boolean {
  const shaft = Math.abs(u - 0.5) <= 0.07 && v >= 0.4 && v <= 0.76;
  const head = v >= 0.22 && v <= 0.45 && Math.abs(u - 0.5) <= (v - 0.22) * 1.1;
  return shaft || head;
}

/** The red disc shown over the taskbar button on Windows while there is unread news. */
export function drawOverlayDot(size: number): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const d = Math.hypot((x + 0.5) / size - 0.5, (y + 0.5) / size - 0.5);
      if (d > 0.48) continue;
      pixels.set(RED, (y * size + x) * 4);
    }
  }
  return pixels;
}

// --- A minimal PNG encoder (8-bit RGBA, no filtering): enough for icons of a few pixels -----------

const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  if (rgba.length !== width * height * 4) throw new Error('The pixel buffer does not match the size.');
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  const raw = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** One state's icon as PNGs at 1× and 2× (16 and 32 pixels), for a crisp tray on any display. */
export function trayIconPngs(icon: TrayIcon, baseSize = 16): { scale: number; png: Buffer }[] {
  return [1, 2].map((scale) => {
    const size = baseSize * scale;
    return { scale, png: encodePng(size, size, drawTrayIcon(icon, size)) };
  });
}
