import { serviceFileName, type RemoteFile } from './remote-file';

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
