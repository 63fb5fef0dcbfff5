import { z } from 'zod';
import { prepareFailures, type MediaInvoke } from '../../../preload/contract';
import type { MediaJobs } from '../../services/media/media-jobs';
import type { AreaHandlers } from '../handler';

export interface MediaServices {
  mediaJobs: MediaJobs;
}

const report = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('progress'), fraction: z.number().min(0).max(1) }),
  z.strictObject({ kind: z.literal('done') }),
  // The detail is the platform's own words, for the log; long ones are cut, not refused.
  z.strictObject({ kind: z.literal('failed'), reason: z.enum(prepareFailures), detail: z.string().max(2000) }),
]);

export function createMediaHandlers({ mediaJobs }: MediaServices): AreaHandlers<MediaInvoke> {
  return {
    'media:report': {
      args: z.tuple([z.strictObject({ jobId: z.uuid(), report })]),
      run: ({ jobId, report: said }) => mediaJobs.report(jobId, said),
    },
    'media:pending': { args: z.tuple([]), run: () => mediaJobs.pending() },
  };
}
