import { serviceFileName, type RemoteFile, type RemoteVideo } from './remote-file';

/**
 * Reconciliation without an idempotency key: an upload that may have reached the service is
 * looked for in the target's list by name and size, uploaded since its first uncertain attempt
 * began. Files that another item of ours already accounts for are never matched twice, so two
 * same-named, same-sized files from different folders each need their own copy on the service.
 */
export interface UncertainUpload {
  fileName: string;
  size: number;
  /** Epoch ms when the earliest attempt that may have reached the service began. */
  since: number;
}

/**
 * @param clockSkewMs how far the service's clock may lag ours; stamps are also often whole seconds.
 * @param claimed remote ids that other items already own (added to when a match is found).
 */
export function findUploaded(
  remote: readonly RemoteFile[],
  upload: UncertainUpload,
  claimed: Set<number>,
  clockSkewMs: number,
): RemoteFile | undefined {
  const name = serviceFileName(upload.fileName);
  const earliest = upload.since - clockSkewMs;
  const match = remote.find(
    (file) =>
      file.name.normalize('NFC') === name &&
      file.size === upload.size &&
      (file.uploadedAt === undefined || file.uploadedAt >= earliest) &&
      (file.id === undefined || !claimed.has(file.id)),
  );
  if (match?.id !== undefined) claimed.add(match.id);
  return match;
}

/** The title the service gives the video it makes of an upload to My files: the name without its extension. */
export function videoTitleFor(fileName: string): string {
  const name = serviceFileName(fileName);
  return name.replace(/\.[^.]+$/, '') || name;
}

/**
 * Reconciliation of a video sent to My files, whose file area has no list: the service turns every
 * `video/*` upload there into one of the person's videos, so `/api/me/videos` is asked instead.
 *
 * The rule: a video is this upload when
 * - its title is the file name as the service keeps it, without the extension (or with it, for a
 *   service that keeps it), and
 * - it was created (or, if the service gives no creation time, recorded) at or after the start of the
 *   earliest attempt that may have reached the service, less `clockSkewMs`: a teacher's older video
 *   of the same name is never taken for it, and
 * - no other item of ours is already linked to it (two same-named files sent at the same time each
 *   need their own video).
 * Of several such videos, the first made after the attempt began is taken (then the latest made in
 * the skew allowance before it). There is no size in the list, so a same-named video the teacher
 * made elsewhere while this upload was under way could be taken for it; that window is minutes.
 *
 * 'undecidable' when a same-titled video carries no time at all: it might be this upload or an
 * old one, and guessing either way risks a lost file or a second copy, so the teacher is asked.
 */
export function findUploadedVideo(
  videos: readonly RemoteVideo[],
  upload: { fileName: string; since: number },
  claimed: ReadonlySet<number>,
  clockSkewMs: number,
): RemoteVideo | 'absent' | 'undecidable' {
  const titles = new Set([videoTitleFor(upload.fileName), serviceFileName(upload.fileName)]);
  const sameTitle = videos.filter((video) => titles.has(video.title.trim().normalize('NFC')) && !claimed.has(video.id));
  const stamped = sameTitle.flatMap((video) => {
    const at = video.createdAt ?? video.recordedAt;
    return at === undefined || at < upload.since - clockSkewMs ? [] : [{ video, at }];
  });
  if (stamped.length === 0) {
    return sameTitle.some((video) => (video.createdAt ?? video.recordedAt) === undefined) ? 'undecidable' : 'absent';
  }
  const after = stamped
    .filter((entry) => entry.at >= upload.since)
    .sort((a, b) => a.at - b.at || a.video.id - b.video.id);
  const before = stamped
    .filter((entry) => entry.at < upload.since)
    .sort((a, b) => b.at - a.at || a.video.id - b.video.id);
  return (after[0] ?? before[0])!.video;
}
