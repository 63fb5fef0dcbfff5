import type { FileShell } from '../../services/downloads/feature';
import type { OfflineLists } from '../../services/offline-cache';
import type { SessionService } from '../../services/session/session-service';

/**
 * What the browse areas' handlers reach: the session's authorised HTTP client (`session.http()`),
 * from which each call builds the area's API module.
 */
export interface BrowseServices {
  session: SessionService;
  /** The last lists shown, answered when the service cannot be reached; absent: live answers only. */
  offlineLists?: OfflineLists;
  /** The save dialog reports are exported through (absent: exports answer a clear error). */
  fileShell?: Pick<FileShell, 'chooseSavePath'>;
}
