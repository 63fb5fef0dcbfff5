import { FileLister } from '../uploads/file-lister';
import { findUploadedVideo } from '../uploads/reconcile';
import type { UploadConnection } from '../uploads/types';

/** How far the service's clock may lag ours (as the upload queue allows); the recording began well before. */
const clockSkewMs = 30_000;

/**
 * The video the service made of a recording sent to My files, when the upload's answer did not name it:
 * looked for among the person's videos (`GET /api/me/videos`) by the rule the upload queue uses after an
 * interruption (uploads/reconcile.ts), made since the recording began and not already another recording's.
 * Undefined when it is not there, cannot be told apart, or the list cannot be read: the person is told and
 * can try again, and nothing is sent a second time.
 */
export function createVideoFinder(deps: {
  connection: UploadConnection;
  /** Videos other recordings already became. */
  claimed: () => Set<number>;
}): (fileName: string, since: number) => Promise<number | undefined> {
  const lister = new FileLister({ connection: deps.connection });
  return async (fileName, since) => {
    const found = findUploadedVideo(await lister.myVideos(), { fileName, since }, deps.claimed(), clockSkewMs);
    return typeof found === 'object' ? found.id : undefined;
  };
}
