import { join } from 'node:path';
import { z } from 'zod';
import { uploadSettingsLimits, type UploadSettings as UploadSettingsView } from '../../../preload/contract/uploads';
import { AppError } from '../app-error';
import { JsonFile } from '../settings/json-file';
import { defaultUploadSettings, type UploadSettings } from './upload-queue';

/**
 * The upload settings the person controls (how many files go at once, the size limit), kept in the
 * data folder for every account on this computer: they describe the computer and its connection,
 * not the account.
 */
export const UPLOAD_SETTINGS_FILE_NAME = 'upload-settings.json';

const MiB = 1024 * 1024;
const { concurrency: concurrencyLimits, maxFileMiB: sizeLimits } = uploadSettingsLimits;

export const defaultUploadSettingsView: UploadSettingsView = {
  concurrency: defaultUploadSettings.concurrency,
  maxFileMiB: Math.round(defaultUploadSettings.maxFileBytes / MiB),
};

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
});

/** Strict on write: a value out of range is refused with a sentence, not silently changed. */
export function checkUploadSettingsPatch(patch: Partial<UploadSettingsView>): void {
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
}

/** The queue's form of the settings (bytes, not MiB). */
export const toQueueSettings = (view: UploadSettingsView): UploadSettings => ({
  concurrency: view.concurrency,
  maxFileBytes: view.maxFileMiB * MiB,
});

export class UploadSettingsStore {
  readonly path: string;
  private readonly file: JsonFile<typeof storedSchema>;
  private stored: UploadSettingsView;
  private queueForm: UploadSettings;
  private readonly listeners = new Set<(settings: UploadSettingsView) => void>();

  constructor(options: { dataFolder: string }) {
    this.path = join(options.dataFolder, UPLOAD_SETTINGS_FILE_NAME);
    this.file = new JsonFile(this.path, storedSchema, { ...defaultUploadSettingsView });
    this.stored = this.file.read();
    this.queueForm = toQueueSettings(this.stored);
  }

  get(): UploadSettingsView {
    return { ...this.stored };
  }

  /** What the queue reads each time it schedules or checks (cheap: no copy, no disk). */
  forQueue(): UploadSettings {
    return this.queueForm;
  }

  /** Checks and saves the patch, then tells listeners if anything changed; answers the settings. */
  update(patch: Partial<UploadSettingsView>): UploadSettingsView {
    checkUploadSettingsPatch(patch);
    const next: UploadSettingsView = {
      concurrency: patch.concurrency ?? this.stored.concurrency,
      maxFileMiB: patch.maxFileMiB ?? this.stored.maxFileMiB,
    };
    if (next.concurrency === this.stored.concurrency && next.maxFileMiB === this.stored.maxFileMiB) return this.get();
    // Written first: a disk that refuses leaves memory and file agreeing (the caller sees the error).
    this.file.write(next);
    this.stored = next;
    this.queueForm = toQueueSettings(next);
    for (const listener of this.listeners) listener(this.get());
    return this.get();
  }

  onChange(listener: (settings: UploadSettingsView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
