import { desktopCapturer, session } from 'electron';
import { SCREEN_THUMBNAIL } from '../../preload/contract';
import type { ScreenChoice } from '../services/recording/screen-choice';
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

/**
 * `getDisplayMedia` from the Record page captures what it picked in its own picker (one pick, one
 * capture); any other request, or one without a pick, is refused. Chromium's own picker never shows.
 */
export function answerDisplayMediaWithPick(choice: ScreenChoice, isOurUrl: (url: string) => boolean): void {
  session.defaultSession.setDisplayMediaRequestHandler(
    (request, callback) => {
      const grant = choice.grant(
        {
          frameUrl: request.frame?.url,
          securityOrigin: request.securityOrigin,
          videoRequested: request.videoRequested,
        },
        isOurUrl,
      );
      callback(grant ? { video: grant } : null);
    },
    { useSystemPicker: false },
  );
}
