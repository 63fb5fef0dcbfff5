import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Test clips made by the tests themselves with Debian's ffmpeg (a test-only tool, never shipped), so
 * the repository holds no large fixture. Each recipe is written once into a folder named after its
 * arguments, then reused by every test file (files run in parallel: a clip is written under a temporary
 * name and renamed, so a reader never sees half a clip).
 */

const run = promisify(execFile);
const folder = join(tmpdir(), 'vc-test-clips');

export interface ClipRecipe {
  width: number;
  height: number;
  seconds: number;
  /** Video bit rate in kbit/s. */
  videoKbps: number;
  /** 'h264' by default; 'hevc' for the clip a platform may not decode. */
  codec?: 'h264' | 'hevc';
  /** AAC audio at 128 kbit/s unless false. */
  audio?: boolean;
  /** Rotation metadata in degrees (a phone held upright). */
  rotation?: 0 | 90 | 180 | 270;
}

async function ffmpeg(args: string[]): Promise<void> {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { maxBuffer: 16 * 1024 * 1024 });
}

function cachedPath(name: string, key: unknown, ext: string): string {
  mkdirSync(folder, { recursive: true });
  const hash = createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 12);
  return join(folder, `${name}-${hash}.${ext}`);
}

/** A testsrc2 picture with a 440 Hz tone, as a phone or camera would have recorded it. */
export async function makeClip(recipe: ClipRecipe): Promise<string> {
  const { width, height, seconds, videoKbps, codec = 'h264', audio = true, rotation = 0 } = recipe;
  const path = cachedPath('clip', recipe, 'mp4');
  if (existsSync(path)) return path;
  const partial = `${path}.${process.pid}.partial.mp4`;
  const rate = `${videoKbps}k`;
  const encoder =
    codec === 'hevc'
      ? ['-c:v', 'libx265', '-tag:v', 'hvc1', '-x265-params', 'log-level=error']
      : ['-c:v', 'libx264', '-profile:v', 'high'];
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=30:duration=${seconds}`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
    ...encoder,
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    rate,
    '-maxrate',
    rate,
    '-bufsize',
    `${videoKbps * 2}k`,
    ...(audio ? ['-c:a', 'aac', '-b:a', '128k'] : []),
    '-movflags',
    '+faststart',
    partial,
  ]);
  if (rotation) {
    // ffmpeg 5.1 writes the rotation matrix only when it copies the stream, not while encoding.
    const turned = `${partial}.turned.mp4`;
    await ffmpeg(['-i', partial, '-c', 'copy', '-metadata:s:v:0', `rotate=${rotation}`, turned]);
    renameSync(turned, partial);
  }
  renameSync(partial, path);
  return path;
}

/** An MP4 with a tone and no picture: nothing to prepare. */
export async function makeAudioOnlyClip(seconds = 3): Promise<string> {
  const path = cachedPath('audio-only', seconds, 'mp4');
  if (existsSync(path)) return path;
  const partial = `${path}.${process.pid}.partial.mp4`;
  await ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:a', 'aac', partial]);
  renameSync(partial, path);
  return path;
}

/** A real clip cut off after its first third: the header promises more than the file holds. */
export async function makeCorruptClip(): Promise<string> {
  const source = await makeClip({ width: 640, height: 360, seconds: 4, videoKbps: 800 });
  const path = cachedPath('corrupt', source, 'mp4');
  if (existsSync(path)) return path;
  const { readFileSync } = await import('node:fs');
  const bytes = readFileSync(source);
  // Keep the start of the file and scramble the rest: the box sizes no longer add up.
  const cut = bytes.subarray(0, Math.floor(bytes.length / 3));
  const scrambled = Buffer.from(cut);
  for (let i = 64; i < scrambled.length; i += 7) scrambled[i] = (scrambled[i]! * 31 + 17) & 0xff;
  writeFileSync(`${path}.partial`, scrambled);
  renameSync(`${path}.partial`, path);
  return path;
}

/** A text file someone named lesson.mp4. */
export function makeTextNamedMp4(): string {
  const path = cachedPath('not-a-video', 'text', 'mp4');
  if (!existsSync(path)) writeFileSync(path, "Notes for Tuesday's lesson, not a video.\n".repeat(40));
  return path;
}
