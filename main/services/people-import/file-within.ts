import { open } from 'node:fs/promises';
import { AppError } from '../app-error';

const chunkBytes = 64 * 1024;

/**
 * The whole file, or a refusal before its bytes are read when it is larger than `maxBytes`: the size is
 * asked of the open file first, and reading stops as soon as more than `maxBytes` have come, so a file that
 * grows while it is read (or a device that reports no size) is refused too rather than filling memory.
 */
export async function readFileWithin(path: string, maxBytes: number, tooLarge: () => AppError): Promise<Buffer> {
  try {
    const handle = await open(path, 'r');
    try {
      if ((await handle.stat()).size > maxBytes) throw tooLarge();
      const chunks: Buffer[] = [];
      let total = 0;
      for (;;) {
        const chunk = Buffer.alloc(chunkBytes);
        const { bytesRead } = await handle.read(chunk, 0, chunkBytes, null);
        if (bytesRead === 0) return Buffer.concat(chunks, total);
        total += bytesRead;
        if (total > maxBytes) throw tooLarge();
        chunks.push(chunk.subarray(0, bytesRead));
      }
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new AppError('NOT_FOUND', `The file could not be read (${code}).`, { path, problem: 'unreadable' });
  }
}
