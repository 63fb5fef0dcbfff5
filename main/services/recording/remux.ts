import { renameSync, rmSync } from 'node:fs';
import {
  ALL_FORMATS,
  Conversion,
  FilePathSource,
  FilePathTarget,
  Input,
  Mp4OutputFormat,
  Output,
  WebMOutputFormat,
} from 'mediabunny';

/**
 * Rewrites a recording's container without re-encoding (mediabunny copies the packets): MediaRecorder's
 * WebM has no duration and no index, and one cut off by a crash ends mid-cluster; the rewritten file says
 * how long it is and can be seeked. Written beside it and renamed over it, so a crash half-way leaves the
 * original whole (and doing it twice is harmless). Answers the length in seconds.
 */
export async function remuxInPlace(path: string): Promise<number> {
  const temporary = `${path}.remux`;
  const input = new Input({ source: new FilePathSource(path), formats: ALL_FORMATS });
  try {
    const format = path.endsWith('.mp4') ? new Mp4OutputFormat({ fastStart: false }) : new WebMOutputFormat();
    const output = new Output({ format, target: new FilePathTarget(temporary) });
    const conversion = await Conversion.init({ input, output, showWarnings: false });
    if (!conversion.isValid) throw new Error('The recording holds no track that can be kept.');
    await conversion.execute();
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  } finally {
    input.dispose();
  }
  const check = new Input({ source: new FilePathSource(temporary), formats: ALL_FORMATS });
  let seconds: number;
  try {
    seconds = await check.computeDuration();
  } finally {
    // Closed before the rename: Windows does not rename a file that is open.
    check.dispose();
  }
  renameSync(temporary, path);
  return seconds;
}
