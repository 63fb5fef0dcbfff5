import type { UploadsFeature } from '../uploads/feature';
import type { UploadsActivity } from './update-controller';

/**
 * The upload queue as updates see it: busy while any file of the signed-in account is queued,
 * checked, sent or reconciled (a paused or failed one does not hold an update back for ever).
 */
export function uploadsActivityOf(uploads: Pick<UploadsFeature, 'totals' | 'onTotalsChange'>): UploadsActivity {
  return {
    busy: () => uploads.totals()?.active === true,
    onChange: (listener) => uploads.onTotalsChange(listener),
  };
}
