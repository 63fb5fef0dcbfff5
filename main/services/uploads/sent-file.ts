import { rm } from 'node:fs/promises';
import { extname } from 'node:path';
import type { UploadItem } from './types';

/**
 * Which file goes to the service, decided here and nowhere else: the checked smaller copy when there
 * is one (named like the original, as an MP4), else the original as it is.
 */
export function fileToSend(item: UploadItem): { path: string; size: number; fileName: string; contentType: string } {
  if (!item.prepared)
    return { path: item.path, size: item.size, fileName: item.fileName, contentType: item.contentType };
  const stem = item.fileName.slice(0, item.fileName.length - extname(item.fileName).length) || item.fileName;
  return { path: item.prepared.path, size: item.prepared.size, fileName: `${stem}.mp4`, contentType: 'video/mp4' };
}

/** The smaller copy has done its job (sent, or the item cancelled): it leaves the data folder. */
export async function removePrepared(item: UploadItem): Promise<void> {
  if (!item.prepared) return;
  const { path } = item.prepared;
  item.prepared = undefined;
  await rm(path, { force: true });
}
