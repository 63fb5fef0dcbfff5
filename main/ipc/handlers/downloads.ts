import { z } from 'zod';
import type { DownloadsInvoke } from '../../../preload/contract';
import type { DownloadsService } from '../../services/downloads/feature';
import type { AreaHandlers } from '../handler';

export interface DownloadServices {
  downloads: DownloadsService;
}

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const source = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('group-file'), communityId: id, fileId: id }),
  z.strictObject({ kind: z.literal('portfolio-file'), portfolioId: id, fileId: id }),
  z.strictObject({ kind: z.literal('portfolio-document'), portfolioId: id, fileId: id }),
]);

export function createDownloadHandlers({ downloads }: DownloadServices): AreaHandlers<DownloadsInvoke> {
  return {
    'downloads:start': {
      args: z.tuple([z.strictObject({ source, action: z.enum(['open', 'save']) })]),
      run: ({ source: from, action }) => downloads.start(from, action),
    },
    'downloads:list': { args: z.tuple([]), run: () => downloads.list() },
    'downloads:control': {
      args: z.tuple([
        z.strictObject({
          action: z.enum(['cancel', 'retry', 'show-in-folder', 'open', 'remove']),
          id: z.uuid(),
        }),
      ]),
      run: async ({ action, id: which }) => {
        await downloads.control(action, which);
        return null;
      },
    },
    'downloads:clear-history': { args: z.tuple([]), run: () => downloads.clearHistory() },
  };
}
