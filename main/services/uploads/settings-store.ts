import { join } from 'node:path';
import { z } from 'zod';
import {
  uploadSettingsDefaults,
  uploadSettingsLimits,
  type UploadSchedule,
  type UploadSettings as UploadSettingsView,
  type UploadSettingsField,
  type UploadSettingsPatch,
} from '../../../preload/contract/uploads';
import { AppError } from '../app-error';
import type { ManagedConfig, TimeWindow } from '../policy';
import { JsonFile } from '../settings/json-file';
import {
  chosenAfter,
  chosenInOldFile,
  effectiveSettings,
  refuseLockedChanges,
  type Effective,
  type ManagedField,
} from '../settings/managed-fields';
import type { UploadSettings } from './queue-config';

/**
 * The upload settings the person controls (how many files go at once, the size limit, the bandwidth
 * limit, the daily schedule, mains power only), kept in the data folder for every account on this
 * computer: they describe the computer and its connection, not the account.
 */
export const UPLOAD_SETTINGS_FILE_NAME = 'upload-settings.json';

const MiB = 1024 * 1024;
const KiB = 1024;
const {
  concurrency: concurrencyLimits,
  maxFileMiB: sizeLimits,
  bandwidthLimitKiBps: bandwidthLimits,
} = uploadSettingsLimits;

/** What the person sets and the file keeps. */
type ChosenUploadSettings = Pick<UploadSettingsView, UploadSettingsField>;

export const defaultUploadSettingsView: ChosenUploadSettings = {
  concurrency: uploadSettingsDefaults.concurrency,
  maxFileMiB: uploadSettingsDefaults.maxFileMiB,
  bandwidthLimitKiBps: uploadSettingsDefaults.bandwidthLimitKiBps,
  // Off, with the evening-and-night window the issue gives as its example ready to switch on.
  schedule: { enabled: false, start: '15:30', end: '07:30' },
  onlyOnMainsPower: uploadSettingsDefaults.onlyOnMainsPower,
};

const clockTime = /^([01]\d|2[0-3]):[0-5]\d$/;

const clamp = (value: number, { min, max }: { min: number; max: number }) =>
  Math.min(max, Math.max(min, Math.round(value)));

/** Lenient on read: a hand-edited file keeps what it got right (clamped into range) and defaults the rest. */
const storedSchema = z.object({
  concurrency: z
    .number()
    .refine(Number.isFinite)
    .transform((value) => clamp(value, concurrencyLimits))
    .catch(defaultUploadSettingsView.concurrency),
  maxFileMiB: z
    .number()
    .refine(Number.isFinite)
    .transform((value) => clamp(value, sizeLimits))
    .catch(defaultUploadSettingsView.maxFileMiB),
  bandwidthLimitKiBps: z
    .number()
    .refine(Number.isFinite)
    .transform((value) => clamp(value, bandwidthLimits))
    .catch(defaultUploadSettingsView.bandwidthLimitKiBps),
  schedule: z
    .object({
      enabled: z.boolean().catch(false),
      start: z.string().regex(clockTime).catch(defaultUploadSettingsView.schedule.start),
      end: z.string().regex(clockTime).catch(defaultUploadSettingsView.schedule.end),
    })
    .catch(defaultUploadSettingsView.schedule),
  onlyOnMainsPower: z.boolean().catch(defaultUploadSettingsView.onlyOnMainsPower),
  /** The fields the person chose (absent in files from before policies: worked out on read). */
  chosen: z
    .array(z.enum(['concurrency', 'maxFileMiB', 'bandwidthLimitKiBps', 'schedule', 'onlyOnMainsPower']))
    .optional()
    .catch(undefined),
});

/** The policy settings over this file's fields (same units: files, MB of 1,048,576 bytes, KiB/s). */
const managedFields: ManagedField<ChosenUploadSettings>[] = [
  { field: 'concurrency', key: 'uploadConcurrency', fromPolicy: (value) => value as number },
  { field: 'maxFileMiB', key: 'uploadSizeLimitMB', fromPolicy: (value) => value as number },
  { field: 'bandwidthLimitKiBps', key: 'uploadBandwidthLimitKiBps', fromPolicy: (value) => value as number },
  {
    field: 'schedule',
    key: 'uploadSchedule',
    // No window from the policy means any time; the person's times stay for when the policy goes.
    fromPolicy: (value, current) => {
      const window = value as TimeWindow | null;
      return window ? { enabled: true, ...window } : { ...(current as UploadSchedule), enabled: false };
    },
  },
  { field: 'onlyOnMainsPower', key: 'uploadOnlyOnMainsPower', fromPolicy: (value) => value as boolean },
];

/** Strict on write: a value out of range is refused with a sentence, not silently changed. */
export function checkUploadSettingsPatch(patch: UploadSettingsPatch): void {
  const wrong = (field: keyof UploadSettingsView, value: unknown, { min, max }: { min: number; max: number }) =>
    value !== undefined && (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
      ? field
      : undefined;
  const concurrency = wrong('concurrency', patch.concurrency, concurrencyLimits);
  if (concurrency) {
    throw new AppError(
      'INVALID_ARGUMENT',
      `Files at the same time must be a whole number from ${concurrencyLimits.min} to ${concurrencyLimits.max}.`,
      { field: concurrency },
    );
  }
  const size = wrong('maxFileMiB', patch.maxFileMiB, sizeLimits);
  if (size) {
    throw new AppError(
      'INVALID_ARGUMENT',
      `The size limit must be a whole number from ${sizeLimits.min} to ${sizeLimits.max} MiB.`,
      { field: size },
    );
  }
  const bandwidth = wrong('bandwidthLimitKiBps', patch.bandwidthLimitKiBps, bandwidthLimits);
  if (bandwidth) {
    throw new AppError(
      'INVALID_ARGUMENT',
      `The bandwidth limit must be a whole number of KiB/s from ${bandwidthLimits.min} (no limit) to ${bandwidthLimits.max}.`,
      { field: bandwidth },
    );
  }
  const { schedule } = patch;
  if (schedule !== undefined) {
    if (!clockTime.test(schedule.start) || !clockTime.test(schedule.end)) {
      throw new AppError('INVALID_ARGUMENT', 'The schedule’s times must be on the 24-hour clock, such as 07:30.', {
        field: 'schedule',
      });
    }
    if (schedule.enabled && schedule.start === schedule.end) {
      throw new AppError('INVALID_ARGUMENT', 'The schedule must start and end at different times.', {
        field: 'schedule',
      });
    }
  }
}

/** The queue's form of the settings (bytes, not MiB). */
export const toQueueSettings = (view: UploadSettingsView): UploadSettings => ({
  concurrency: view.concurrency,
  maxFileBytes: view.maxFileMiB * MiB,
  ...(view.allowedFileTypes ? { allowedExtensions: view.allowedFileTypes } : {}),
  ...(view.bandwidthLimitKiBps > 0 ? { bandwidthBytesPerSecond: view.bandwidthLimitKiBps * KiB } : {}),
  ...(view.schedule.enabled && view.schedule.start !== view.schedule.end
    ? { schedule: { start: view.schedule.start, end: view.schedule.end } }
    : {}),
  ...(view.onlyOnMainsPower ? { onlyOnMainsPower: true } : {}),
});

/** One field from a patch into the settings (a helper, so the field's type stays tied to its name). */
function copyField<F extends UploadSettingsField>(
  into: ChosenUploadSettings,
  patch: UploadSettingsPatch,
  field: F,
): void {
  into[field] = patch[field] as ChosenUploadSettings[F];
}

export class UploadSettingsStore {
  readonly path: string;
  private readonly file: JsonFile<typeof storedSchema>;
  private stored: ChosenUploadSettings;
  private chosen: Set<keyof ChosenUploadSettings>;
  private effective!: Effective<ChosenUploadSettings>;
  private view!: UploadSettingsView;
  private queueForm!: UploadSettings;
  private readonly listeners = new Set<(settings: UploadSettingsView) => void>();

  /** `managed`: the organisation's policy, read at start (absent: none, every field is the person's). */
  constructor(private readonly options: { dataFolder: string; managed?: ManagedConfig }) {
    this.path = join(options.dataFolder, UPLOAD_SETTINGS_FILE_NAME);
    this.file = new JsonFile(this.path, storedSchema, { ...defaultUploadSettingsView, chosen: [] });
    const { chosen, ...stored } = this.file.read();
    this.stored = stored;
    this.chosen = chosen ? new Set(chosen) : chosenInOldFile(stored, defaultUploadSettingsView, managedFields);
    this.recompute();
  }

  private recompute(): void {
    this.effective = effectiveSettings(this.stored, this.chosen, managedFields, this.options.managed);
    const managed: NonNullable<UploadSettingsView['managed']> = { ...this.effective.managed };
    // Only a policy (or a flag) sets the allowed types, and then always fixed: the person has no say.
    const types = this.options.managed?.get('uploadAllowedFileTypes') ?? [];
    if (types.length > 0) managed.allowedFileTypes = true;
    this.view = {
      ...this.effective.settings,
      ...(types.length > 0 ? { allowedFileTypes: types } : {}),
      ...(Object.keys(managed).length > 0 ? { managed } : {}),
    };
    this.queueForm = toQueueSettings(this.view);
  }

  /** The settings in effect: the organisation's locked and recommended values over the person's. */
  get(): UploadSettingsView {
    return structuredClone(this.view);
  }

  /** What the queue reads each time it schedules or checks (cheap: no copy, no disk). */
  forQueue(): UploadSettings {
    return this.queueForm;
  }

  /**
   * Checks and saves the patch, then tells listeners if anything changed; answers the settings. A
   * change to a field the organisation fixed is refused.
   */
  update(patch: UploadSettingsPatch): UploadSettingsView {
    checkUploadSettingsPatch(patch);
    refuseLockedChanges(patch, this.effective);
    const shown = this.effective.settings;
    const chosen = chosenAfter(this.chosen, shown, { ...shown, ...patch }, managedFields);
    // Only what the person changed is stored: an unchanged recommended value is not written as theirs,
    // and a locked field keeps what they had (it comes back if the policy goes).
    const next: ChosenUploadSettings = { ...this.stored };
    for (const field of chosen)
      if (!this.effective.managed[field] && patch[field] !== undefined) copyField(next, patch, field);
    if (chosen.size === this.chosen.size && JSON.stringify(next) === JSON.stringify(this.stored)) return this.get();
    // Written first: a disk that refuses leaves memory and file agreeing (the caller sees the error).
    this.file.write({ ...next, chosen: [...chosen] });
    const before = JSON.stringify(this.view);
    this.stored = next;
    this.chosen = chosen;
    this.recompute();
    if (JSON.stringify(this.view) !== before) for (const listener of this.listeners) listener(this.get());
    return this.get();
  }

  onChange(listener: (settings: UploadSettingsView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
