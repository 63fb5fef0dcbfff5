import { videoPreparationDefaults, type VideoPreparationMode } from '../../../preload/contract';
import type { ManagedConfig } from '../policy';
import type { CheckedFile } from '../uploads/pre-checks';
import type { UploadItem } from '../uploads/types';
import type { PreparationTarget } from './preparation-plan';

/**
 * What the organisation decided about making videos smaller (policies `UploadVideoPreparation`,
 * `UploadVideoMaxHeight`, `UploadVideoBitrateKbps`), read each time so a changed policy applies to
 * the next file. Without a policy: offered, 720p at 2.5 Mbit/s.
 */
export class UploadPreparation {
  constructor(private readonly managed: ManagedConfig | undefined) {}

  mode(): VideoPreparationMode {
    return this.managed?.get('uploadVideoPreparation') ?? videoPreparationDefaults.mode;
  }

  target(): PreparationTarget {
    return {
      maxHeight: this.managed?.get('uploadVideoMaxHeight') ?? videoPreparationDefaults.maxHeight,
      videoBitrateKbps: this.managed?.get('uploadVideoBitrateKbps') ?? videoPreparationDefaults.bitrateKbps,
    };
  }

  /**
   * Which files of a confirmed selection are made smaller: every video when the mode is `always`,
   * those the person ticked when it is `offer` (by their place in the selection), none when `off`.
   */
  chooser(ticked: ReadonlySet<string> = new Set()): (file: CheckedFile) => UploadItem['prepare'] {
    const mode = this.mode();
    return (file) => {
      if (mode === 'off' || !file.contentType.startsWith('video/')) return undefined;
      return mode === 'always' || ticked.has(file.displayPath) ? {} : undefined;
    };
  }
}
