import { stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where cameras keep their recordings on a card: DCIM (the camera file system standard, most
 * cameras and phones), PRIVATE/AVCHD (Sony, Panasonic, Canon camcorders), PRIVATE/M4ROOT (Sony XAVC).
 */
const cameraFolders = ['DCIM', join('PRIVATE', 'AVCHD'), join('PRIVATE', 'M4ROOT')];

/** The camera folders present on a volume; empty: not a camera card. */
export async function cameraFoldersOn(volume: string): Promise<string[]> {
  const found: string[] = [];
  for (const folder of cameraFolders) {
    const path = join(volume, folder);
    const isFolder = await stat(path).then(
      (info) => info.isDirectory(),
      () => false,
    );
    if (isFolder) found.push(path);
  }
  return found;
}
