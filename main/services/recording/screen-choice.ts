import type { ScreenSources } from '../../../preload/contract';
import { AppError } from '../app-error';

/** What Electron's display-media handler answers with: the source to capture (its id and name). */
export interface ScreenGrant {
  id: string;
  name: string;
}

/** The display-media request as main sees it (Electron's `DisplayMediaRequestHandlerHandlerRequest`). */
export interface DisplayMediaRequest {
  /** The requesting frame's address; absent when the frame is gone or navigated. */
  frameUrl: string | undefined;
  securityOrigin: string;
  videoRequested: boolean;
}

/**
 * The screen or window the Record page picked in its own picker, handed to Chromium when the page then
 * asks for display media. The page can only pick a source main listed to it last, and a pick answers
 * one request: a later `getDisplayMedia` without a new pick (or from any other page) captures nothing.
 */
export class ScreenChoice {
  private listed = new Map<string, string>();
  private chosen: ScreenGrant | undefined;

  /** The sources the picker shows now; a pick must be one of them. */
  offered(sources: ScreenSources): ScreenSources {
    this.listed = new Map(sources.sources.map((source) => [source.id, source.name]));
    return sources;
  }

  choose(id: string): null {
    const name = this.listed.get(id);
    if (name === undefined) {
      throw new AppError('NOT_FOUND', 'That screen or window is no longer there. Choose it again from the list.');
    }
    this.chosen = { id, name };
    return null;
  }

  /** The answer to a display-media request: the pick, once, for our own page asking for video. */
  grant(request: DisplayMediaRequest, isOurUrl: (url: string) => boolean): ScreenGrant | undefined {
    const ours = isOurUrl(request.frameUrl ?? request.securityOrigin);
    const grant = ours && request.videoRequested ? this.chosen : undefined;
    // A request of another page does not spend the pick; ours does, whether or not it gets one.
    if (ours) this.chosen = undefined;
    return grant;
  }
}
