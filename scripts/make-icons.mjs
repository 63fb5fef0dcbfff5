#!/usr/bin/env node
/**
 * Draws the app icon at every size the installers and the window need, from one description of the
 * mark (an indigo rounded square with a white play triangle), and writes them into build/:
 *
 *   build/icons/<n>x<n>.png  Linux (AppImage, .deb, the window icon), n = 16 … 1024
 *   build/icon.png           1024 pixels, electron-builder's fallback
 *   build/icon.ico           Windows (the .exe, the installer, shortcuts)
 *   build/icon.icns          macOS (the app bundle and the DMG)
 *
 * Each size is drawn from the shapes, not scaled down from a large picture, so 16 pixels stays sharp.
 * Run after changing the mark: `node --import tsx scripts/make-icons.mjs`, then commit build/.
 * (tsx because the PNG encoder is the tray's, in TypeScript.)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodePng } from '../main/services/notifications/tray-icons.ts';
import { writeIcns, writeIco } from './lib/icon-formats.mjs';

const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];

// The renderer's primary colour is Tailwind's indigo; the square runs from indigo-500 to indigo-700,
// around the tray's indigo-600, so the window, the dock and the tray read as one app.
const TOP = [99, 102, 241];
const BOTTOM = [67, 56, 202];
const WHITE = [255, 255, 255];

/** Clear border in pixels: none at 16 (every pixel counts), about 8 % above, as desktop icons have. */
const marginFor = (size) => (size <= 16 ? 0 : Math.max(1, Math.round(size * 0.08)));

/**
 * The play triangle, in the square's own 0..1 coordinates. Tiny icons get a larger one, its flat side
 * on a pixel edge at 16 pixels, so it still reads as "play" in a taskbar or a file list.
 */
const playFor = (size) =>
  size <= 24 ? { left: 5 / 16, tip: 13.5 / 16, half: 0.28 } : { left: 0.37, tip: 0.77, half: 0.23 };

/** The colour at a point of the icon (0..1 across), or undefined where it is transparent. */
function colourAt(size, u, v) {
  const m = marginFor(size) / size;
  const side = 1 - 2 * m;
  const radius = side * 0.225;
  const dx = Math.max(Math.abs(u - 0.5) - (side / 2 - radius), 0);
  const dy = Math.max(Math.abs(v - 0.5) - (side / 2 - radius), 0);
  if (Math.hypot(dx, dy) > radius) return undefined;
  // Position within the square, for the triangle: pointing right, its centroid near the square's centre.
  const x = (u - m) / side;
  const y = (v - m) / side;
  const play = playFor(size);
  if (x >= play.left && Math.abs(y - 0.5) <= (play.half * (play.tip - x)) / (play.tip - play.left)) return WHITE;
  const t = Math.min(Math.max(y, 0), 1);
  return TOP.map((top, i) => Math.round(top + (BOTTOM[i] - top) * t));
}

/** RGBA pixels of the icon at one size, anti-aliased by 4×4 supersampling. */
export function drawAppIcon(size) {
  const pixels = new Uint8Array(size * size * 4);
  const samples = 4;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let hits = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const colour = colourAt(size, (x + (sx + 0.5) / samples) / size, (y + (sy + 0.5) / samples) / size);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          hits += 1;
        }
      }
      if (hits === 0) continue;
      const at = (y * size + x) * 4;
      pixels.set([Math.round(r / hits), Math.round(g / hits), Math.round(b / hits)], at);
      pixels[at + 3] = Math.round((hits / (samples * samples)) * 255);
    }
  }
  return pixels;
}

const buildDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'build');
const images = new Map(
  SIZES.map((size) => {
    const rgba = drawAppIcon(size);
    return [size, { size, rgba, png: encodePng(size, size, rgba) }];
  }),
);

mkdirSync(join(buildDir, 'icons'), { recursive: true });
for (const { size, png } of images.values()) writeFileSync(join(buildDir, 'icons', `${size}x${size}.png`), png);
writeFileSync(join(buildDir, 'icon.png'), images.get(1024).png);
writeFileSync(join(buildDir, 'icon.ico'), writeIco(ICO_SIZES.map((size) => images.get(size))));
writeFileSync(join(buildDir, 'icon.icns'), writeIcns(new Map([...images].map(([size, image]) => [size, image.png]))));
console.log(`make-icons: wrote ${SIZES.length} PNGs, icon.png, icon.ico and icon.icns to ${buildDir}`);
