import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

/**
 * What a file is, judged by its content rather than its name, so a renamed or moved recording is
 * known again. The quick key (size plus a hash of three 64 KiB samples: start, middle, end) costs
 * three small reads whatever the file's size; the full hash reads everything and runs in the
 * background, to tell apart the rare different files whose samples agree.
 */

const sampleBytes = 64 * 1024;

/** `<size>:<sha256 of the samples>`; two files with different keys are certainly different. */
export async function quickKey(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const hash = createHash('sha256');
    const offsets = size <= 3 * sampleBytes ? [0] : [0, Math.floor(size / 2) - sampleBytes / 2, size - sampleBytes];
    const length = size <= 3 * sampleBytes ? size : sampleBytes;
    const buffer = Buffer.alloc(length);
    for (const offset of offsets) {
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      hash.update(buffer.subarray(0, bytesRead));
    }
    return `${size}:${hash.digest('hex')}`;
  } finally {
    await handle.close();
  }
}

/** The sha256 of the whole file, streamed (never the whole file in memory). */
export function fullHash(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path, { highWaterMark: 256 * 1024 })
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
