import { desktopCapturer } from 'electron';
import { SCREEN_THUMBNAIL } from '../../preload/contract';
import type { RawScreenSource } from '../services/recording/screen-sources';

/** Screens and windows for the Record page's own picker; checking and capping is in services/recording. */
export async function listScreenSources(): Promise<RawScreenSource[]> {
  const sources = await desktopCapturer.getSources({
    types: ['screen', 'window'],
    thumbnailSize: { ...SCREEN_THUMBNAIL },
    fetchWindowIcons: false,
  });
  return sources.map((source) => ({
    id: source.id,
    name: source.name,
    thumbnail: source.thumbnail.isEmpty() ? '' : source.thumbnail.toDataURL(),
  }));
}
