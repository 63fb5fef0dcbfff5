import type { UploadTarget } from './types';

/** Where each target's multipart PUT goes, relative to the service URL. */
export function uploadPath(target: UploadTarget): string {
  const id = encodeURIComponent(String(target.id));
  switch (target.kind) {
    case 'community':
      return `/api/files/community/fileupload/${id}`;
    case 'portfolio':
      return `/api/files/portfolio/fileupload/${id}`;
    case 'generic':
      return `/api/files/fileupload/${id}`;
    case 'user-picture':
      return `/api/images/user/${id}`;
    case 'community-cover':
      return `/api/images/community/${id}/cover`;
    case 'community-profile':
      return `/api/images/community/${id}/profile`;
  }
}

/**
 * The list that shows a target's uploaded files, used to reconcile an upload that may have
 * reached the service. Image slots have none (a new image replaces the old one, so sending it
 * again is harmless); the generic file area has none in the interface either.
 */
export function fileListPath(target: UploadTarget): string | undefined {
  const id = encodeURIComponent(String(target.id));
  switch (target.kind) {
    case 'community':
      // Only our own uploads can be the one we are looking for.
      return `/api/community/${id}/files?uploadedByMe=true`;
    case 'portfolio':
      return `/api/portfolios/${id}/get-files`;
    default:
      return undefined;
  }
}

/**
 * Where to look for an upload that may have reached the service before sending it again:
 * - `resend`: nowhere, sending again is harmless (an image replaces itself);
 * - `file-list`: the target's list of files (a group's, a portfolio's);
 * - `my-videos`: the person's videos, for a video sent to My files (the service turns every `video/*`
 *   upload there into one of their videos, and the file area itself has no list);
 * - `none`: nothing can tell (any other file sent to My files): the teacher is asked to check.
 */
export type ArrivalCheck = 'resend' | 'file-list' | 'my-videos' | 'none';

export function arrivalCheck(target: UploadTarget, contentType: string): ArrivalCheck {
  if (resendIsHarmless(target)) return 'resend';
  if (fileListPath(target) !== undefined) return 'file-list';
  if (target.kind === 'generic' && contentType.toLowerCase().startsWith('video/')) return 'my-videos';
  return 'none';
}

export function isImageTarget(target: UploadTarget): boolean {
  return target.kind === 'user-picture' || target.kind === 'community-cover' || target.kind === 'community-profile';
}

/** Sending an image again only replaces it with itself, so an uncertain image upload is simply resent. */
export function resendIsHarmless(target: UploadTarget): boolean {
  return isImageTarget(target);
}

export function sameTarget(a: UploadTarget, b: UploadTarget): boolean {
  return a.kind === b.kind && a.id === b.id;
}

export function targetKey(target: UploadTarget): string {
  return `${target.kind}:${target.id}`;
}
