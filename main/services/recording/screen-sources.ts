import type { ScreenSource, ScreenSources } from '../../../preload/contract';

/** A source as the system lists it (Electron's desktopCapturer, its thumbnail already a data URL). */
export interface RawScreenSource {
  id: string;
  name: string;
  thumbnail: string;
}

/** More than this is not a desktop a person picks from; the rest are left out. */
export const MAX_SOURCES = 64;
const MAX_NAME = 200;
/** A 320×180 PNG is far under this; anything larger is not a thumbnail we asked for, and is left out. */
export const MAX_THUMBNAIL_CHARS = 400_000;
export const SOURCE_ID = /^(screen|window):[\w:.-]{1,100}$/;
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/;

/**
 * The sources as the page gets them: ids the page can pass back to Chromium, names cut to a length a
 * list shows, thumbnails only when they are small PNGs. Screens first (a lesson on the board is usually
 * the whole screen), then windows by name. The system's list is trusted no more than the page's input.
 */
export function screenSourcesOf(raw: readonly RawScreenSource[]): ScreenSources {
  const sources: ScreenSource[] = [];
  for (const source of raw) {
    const match = SOURCE_ID.exec(source.id);
    if (!match) continue;
    const name = source.name.replace(/\s+/g, ' ').trim();
    const thumbnail =
      source.thumbnail.length <= MAX_THUMBNAIL_CHARS && PNG_DATA_URL.test(source.thumbnail) ? source.thumbnail : '';
    sources.push({
      id: source.id,
      kind: match[1] as ScreenSource['kind'],
      name: name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name,
      thumbnail,
    });
  }
  sources.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'screen' ? -1 : 1));
  return { available: true, sources: sources.slice(0, MAX_SOURCES) };
}
