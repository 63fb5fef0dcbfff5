import { z } from 'zod';
import { uploadSettingsLimits, uploadTargetKinds, type UploadsInvoke } from '../../../preload/contract';
import type { UploadsService } from '../../services/uploads/feature';
import type { AreaHandlers } from '../handler';

export interface UploadServices {
  uploads: UploadsService;
}

const target = z.strictObject({
  kind: z.enum(uploadTargetKinds),
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
const selectionId = z.uuid();
/** A drop of a few thousand files is plausible; a path longer than any file system allows is not. */
const droppedPaths = z.array(z.string().max(4096)).max(10_000);
/** Whole values within the limits: out of range is refused here, never clamped without telling. */
const settingsPatch = z.strictObject({
  concurrency: z
    .number()
    .int()
    .min(uploadSettingsLimits.concurrency.min)
    .max(uploadSettingsLimits.concurrency.max)
    .optional(),
  maxFileMiB: z
    .number()
    .int()
    .min(uploadSettingsLimits.maxFileMiB.min)
    .max(uploadSettingsLimits.maxFileMiB.max)
    .optional(),
  bandwidthLimitKiBps: z
    .number()
    .int()
    .min(uploadSettingsLimits.bandwidthLimitKiBps.min)
    .max(uploadSettingsLimits.bandwidthLimitKiBps.max)
    .optional(),
  // The times' form is checked by the settings store, which words the refusal for the page.
  schedule: z.strictObject({ enabled: z.boolean(), start: z.string().max(5), end: z.string().max(5) }).optional(),
  onlyOnMainsPower: z.boolean().optional(),
});

export function createUploadHandlers({ uploads }: UploadServices): AreaHandlers<UploadsInvoke> {
  return {
    'uploads:targets': { args: z.tuple([]), run: () => uploads.targets() },
    'uploads:choose': {
      args: z.tuple([z.strictObject({ target, mode: z.enum(['files', 'folder']) })]),
      run: ({ target: where, mode }) => uploads.choose(where, mode),
    },
    'uploads:register-drop': {
      args: z.tuple([z.strictObject({ paths: droppedPaths })]),
      run: ({ paths }) => uploads.registerDrop(paths),
    },
    'uploads:drop': {
      // Any string: an id main never gave is refused by the service with its own clear words.
      args: z.tuple([z.strictObject({ target, dropId: z.string().max(100) })]),
      run: ({ target: where, dropId }) => uploads.drop(where, dropId),
    },
    'uploads:confirm': {
      args: z.tuple([selectionId, z.strictObject({ prepare: z.array(z.string().max(4096)).max(10_000) }).optional()]),
      run: (id, options) => uploads.confirm(id, options ?? {}),
    },
    'uploads:discard': { args: z.tuple([selectionId]), run: (id) => uploads.discard(id) },
    'uploads:list': { args: z.tuple([]), run: () => uploads.list() },
    'uploads:control': {
      args: z.tuple([
        z.strictObject({ action: z.enum(['pause', 'resume', 'cancel', 'retry']), id: z.string().max(100).optional() }),
      ]),
      run: ({ action, id }) => uploads.control(action, id),
    },
    'uploads:clear-history': { args: z.tuple([]), run: () => uploads.clearHistory() },
    'uploads:get-settings': { args: z.tuple([]), run: () => uploads.getSettings() },
    'uploads:set-settings': {
      args: z.tuple([settingsPatch]),
      // `{ concurrency: undefined }` means "unchanged", never "reset".
      run: (patch) => uploads.setSettings(withoutUndefined(patch)),
    },
  };
}

function withoutUndefined<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}
