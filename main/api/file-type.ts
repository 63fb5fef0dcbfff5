import { open } from 'node:fs/promises';
import { AppError } from '../services/app-error';
import { basename } from 'node:path';

/** Image types the service accepts, judged by their first bytes as the service itself does. */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export function imageTypeOf(head: Uint8Array): ImageType | undefined {
  const starts = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    head[8] === 0x57 &&
    head[9] === 0x45 &&
    head[10] === 0x42 &&
    head[11] === 0x50
  ) {
    return 'image/webp';
  }
  return undefined;
}

/** Reads the first bytes of a file on disk; FILE_PROBLEM when it cannot be read. */
export async function readFileHead(filePath: string, length = 16): Promise<Uint8Array> {
  try {
    const handle = await open(filePath, 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    throw new AppError('FILE_PROBLEM', 'The file could not be read. It may have been moved or deleted.', {
      fileName: basename(filePath),
    });
  }
}
