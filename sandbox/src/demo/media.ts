import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodePng, type Pixel } from './png.js';

/**
 * Sample media written into the data folder at seed time: gradient avatars, organisation logos,
 * group covers, video thumbnails, and the committed sample video (sandbox/src/demo/assets, made by
 * sandbox/scripts/make-sample-video.sh). Paths handed out are relative to the data folder, as the
 * database stores them; GET /media/<path> serves them.
 */
export const MEDIA_FOLDER = 'media/demo';
export const AVATAR_COUNT = 16;
export const COVER_COUNT = 8;
export const THUMBNAIL_COUNT = 8;

export const demoMedia = {
  avatar: (i: number) => `${MEDIA_FOLDER}/avatar-${i % AVATAR_COUNT}.png`,
  cover: (i: number) => `${MEDIA_FOLDER}/cover-${i % COVER_COUNT}.png`,
  logo: (i: number) => `${MEDIA_FOLDER}/logo-${i}.png`,
  thumbnail: (i: number) => `${MEDIA_FOLDER}/thumbnail-${i % THUMBNAIL_COUNT}.png`,
  video: `${MEDIA_FOLDER}/sample-video.webm`,
  /** Length of the sample video in seconds. */
  videoSeconds: 6,
};

const sampleVideo = join(dirname(fileURLToPath(import.meta.url)), 'assets', 'sample-video.webm');

/** Deterministic colour pair for an index. */
function palette(i: number): [[number, number, number], [number, number, number]] {
  const hue = (i * 137.508) % 360;
  return [hsl(hue, 0.55, 0.55), hsl((hue + 40) % 360, 0.6, 0.35)];
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

const mix = (a: [number, number, number], b: [number, number, number], t: number): [number, number, number] => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/** A diagonal gradient with a soft light disc, so avatars are told apart at a glance. */
function avatar(i: number): Pixel {
  const [from, to] = palette(i);
  const size = 128;
  const cx = 40 + ((i * 23) % 48);
  const cy = 40 + ((i * 41) % 48);
  return (x, y) => {
    const base = mix(from, to, (x + y) / (2 * size));
    const d = Math.hypot(x - cx, y - cy) / 40;
    return d < 1 ? mix(base, [255, 255, 255], 0.35 * (1 - d)) : base;
  };
}

function banner(i: number): Pixel {
  const [from, to] = palette(i + 100);
  return (x, y) => {
    const wave = 0.5 + 0.5 * Math.sin(x / 37 + i + y / 53);
    return mix(from, to, Math.min(1, (x / 600) * 0.7 + wave * 0.3));
  };
}

function thumbnail(i: number): Pixel {
  const [from, to] = palette(i + 200);
  return (x, y) => ((Math.floor(x / 40) + Math.floor(y / 30)) % 2 === 0 ? from : mix(from, to, y / 180));
}

/** Writes every sample file under `<dataDir>/media/demo` and returns that folder. */
export function writeDemoMedia(dataDir: string, organisationCount: number): string {
  const folder = join(dataDir, MEDIA_FOLDER);
  mkdirSync(folder, { recursive: true });
  const write = (relative: string, png: Buffer) => writeFileSync(join(dataDir, relative), png);
  for (let i = 0; i < AVATAR_COUNT; i++) write(demoMedia.avatar(i), encodePng(128, 128, avatar(i)));
  for (let i = 0; i < COVER_COUNT; i++) write(demoMedia.cover(i), encodePng(600, 200, banner(i)));
  for (let i = 0; i < THUMBNAIL_COUNT; i++) write(demoMedia.thumbnail(i), encodePng(320, 180, thumbnail(i)));
  for (let i = 0; i < organisationCount; i++) write(demoMedia.logo(i), encodePng(96, 96, avatar(i + 50)));
  copyFileSync(sampleVideo, join(dataDir, demoMedia.video));
  return folder;
}
