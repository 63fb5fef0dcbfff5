import { randomUUID } from 'node:crypto';
import { uploadTargetKinds } from '../../../preload/contract';
import { AppError } from '../app-error';
import type { AdmittedPaths } from './admitted-paths';
import { expandPaths } from './folder-expansion';
import { checkFile, type CheckedFile } from './pre-checks';
import type { CheckReport, UploadRequest, UploadSettings } from './queue-config';
import type { UploadItem, UploadTarget } from './types';

/**
 * Files coming into the queue: the renderer's request checked (a target it may name, paths it was
 * given by a dialog or a drop), folders expanded, every file checked before anything is sent, and a
 * checked file turned into a new queued item.
 */

const targetKinds: ReadonlySet<string> = new Set(uploadTargetKinds);

export async function checkRequest(
  request: UploadRequest,
  deps: {
    admitted: AdmittedPaths;
    settings: UploadSettings;
    maxFiles: number;
    /** A file already on its way to this target (not finished) is refused a second time. */
    alreadyWaiting: (path: string, target: UploadTarget) => boolean;
  },
): Promise<CheckReport> {
  const target = validTarget(request.target);
  const paths = admittedPaths(request.paths, deps.admitted);
  const { files, skipped } = await expandPaths(paths, { maxFiles: deps.maxFiles });
  const { maxFileBytes, allowedExtensions } = deps.settings;
  const limits = { maxFileBytes, ...(allowedExtensions ? { allowedExtensions } : {}) };
  const checked = await mapLimit(files, 8, (file) => checkFile(file, target, limits));
  for (const file of checked) {
    if (file.problems.length === 0 && deps.alreadyWaiting(file.path, target)) {
      file.problems.push({
        code: 'CONFLICT',
        message: 'This file is already waiting to be uploaded here.',
        text: { key: 'uploads.problems.alreadyWaiting' },
      });
    }
  }
  return { target, files: checked, skipped };
}

/** A checked file as a new item of `batchId`, queued at `now`. */
export function newItem(
  file: CheckedFile,
  target: UploadTarget,
  batchId: string,
  now: number,
  prepare?: UploadItem['prepare'],
): UploadItem {
  return {
    ...(prepare ? { prepare } : {}),
    id: randomUUID(),
    batchId,
    target,
    path: file.path,
    displayPath: file.displayPath,
    fileName: file.fileName,
    contentType: file.contentType,
    size: file.size,
    mtimeMs: file.mtimeMs,
    state: 'queued',
    attempts: 0,
    automaticRetries: 0,
    createdAt: now,
  };
}

function validTarget(target: UploadTarget): UploadTarget {
  if (
    target === null ||
    typeof target !== 'object' ||
    !targetKinds.has(target.kind) ||
    !Number.isSafeInteger(target.id) ||
    target.id <= 0
  ) {
    throw new AppError('INVALID_ARGUMENT', 'The place to upload to was not understood.');
  }
  return { kind: target.kind, id: target.id } as UploadTarget;
}

function admittedPaths(paths: unknown, admitted: AdmittedPaths): string[] {
  if (!Array.isArray(paths) || paths.length === 0) {
    throw new AppError('INVALID_ARGUMENT', 'Choose at least one file or folder.');
  }
  return paths.map((path) => admitted.require(path as string));
}

async function mapLimit<T, R>(inputs: readonly T[], limit: number, run: (input: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(inputs.length);
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const index = next++;
      results[index] = await run(inputs[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker));
  return results;
}
