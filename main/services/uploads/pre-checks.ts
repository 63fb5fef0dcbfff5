import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { serviceFileName } from './remote-file';
import { contentTypeFor, sniffImageFile } from './sniff';
import { isImageTarget } from './targets';
import type { SourceFile } from './folder-expansion';
import type { UploadProblem, UploadTarget } from './types';

/** A file after the checks that run before anything is sent. No problems means it may be queued. */
export interface CheckedFile {
  path: string;
  displayPath: string;
  fileName: string;
  size: number;
  mtimeMs: number;
  contentType: string;
  problems: UploadProblem[];
}

export interface CheckLimits {
  /** The size limit setting, in bytes. */
  maxFileBytes: number;
  /** Only names with these extensions (lower case, no dot) are accepted; absent: any. */
  allowedExtensions?: readonly string[];
}

/** A file's problem: the British English sentence (for the log) and its catalogue key, for the page. */
const fileProblem = (message: string, key: string): UploadProblem => ({
  code: 'FILE_PROBLEM',
  message,
  text: { key: `uploads.problems.${key}` },
});

/**
 * Exists, is a file, readable, not empty, under the size limit, and for image targets an image
 * by its first bytes (PNG, JPEG, GIF or WebP, as the service judges), whatever its extension says.
 */
export async function checkFile(file: SourceFile, target: UploadTarget, limits: CheckLimits): Promise<CheckedFile> {
  const fileName = serviceFileName(basename(file.path));
  const checked: CheckedFile = {
    ...file,
    fileName,
    size: 0,
    mtimeMs: 0,
    contentType: contentTypeFor(fileName),
    problems: [],
  };
  let info;
  try {
    info = await stat(file.path);
  } catch {
    checked.problems.push(fileProblem('The file no longer exists.', 'missing'));
    return checked;
  }
  checked.size = info.size;
  checked.mtimeMs = info.mtimeMs;
  if (!info.isFile()) {
    checked.problems.push(fileProblem('This is not a file.', 'notAFile'));
    return checked;
  }
  try {
    await access(file.path, constants.R_OK);
  } catch {
    checked.problems.push(fileProblem('The file cannot be read (check its permissions).', 'unreadable'));
    return checked;
  }
  if (info.size === 0) checked.problems.push(fileProblem('The file is empty.', 'empty'));
  if (info.size > limits.maxFileBytes) {
    checked.problems.push({
      code: 'TOO_LARGE',
      message: `The file is ${formatBytes(info.size)}, over the limit of ${formatBytes(limits.maxFileBytes)}.`,
      // Byte counts: the page formats them in its own language.
      text: { key: 'uploads.problems.tooLarge', params: { size: info.size, limit: limits.maxFileBytes } },
    });
  }
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (limits.allowedExtensions && !(extension !== undefined && limits.allowedExtensions.includes(extension))) {
    checked.problems.push({
      code: 'FILE_NOT_ALLOWED',
      message: `Your organisation allows only these file types: ${limits.allowedExtensions.join(', ')}.`,
      text: { key: 'uploads.problems.typeNotAllowed', params: { types: limits.allowedExtensions.join(', ') } },
    });
  }
  if (isImageTarget(target) && info.size > 0) {
    const type = await sniffImageFile(file.path).catch(() => null);
    if (type === null) checked.problems.push(fileProblem('This is not a PNG, JPEG, GIF or WebP image.', 'notAnImage'));
    else checked.contentType = type;
  }
  return checked;
}

/** What is checked again just before sending: the file must be the one that was queued. */
export async function recheckBeforeSend(item: {
  path: string;
  size: number;
  mtimeMs: number;
}): Promise<UploadProblem | undefined> {
  let info;
  try {
    info = await stat(item.path);
  } catch {
    return fileProblem('The file was deleted or moved after it was queued.', 'goneSinceQueued');
  }
  if (!info.isFile() || info.size !== item.size || info.mtimeMs !== item.mtimeMs) {
    return fileProblem(
      'The file changed after it was queued. Add it again to send the new version.',
      'changedSinceQueued',
    );
  }
  try {
    await access(item.path, constants.R_OK);
  } catch {
    return fileProblem('The file cannot be read any more (check its permissions).', 'unreadableSinceQueued');
  }
  return undefined;
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
