import { z } from 'zod';
import { uploadTargetKinds, type WatchedFoldersInvoke } from '../../../preload/contract';
import type { WatchedFoldersService } from '../../services/watched-folders/feature';
import type { AreaHandlers } from '../handler';

export interface WatchedFoldersServices {
  watchedFolders: WatchedFoldersService;
}

const target = z.strictObject({
  kind: z.enum(uploadTargetKinds),
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export function createWatchedFoldersHandlers({
  watchedFolders,
}: WatchedFoldersServices): AreaHandlers<WatchedFoldersInvoke> {
  return {
    'watched-folders:list': { args: z.tuple([]), run: () => watchedFolders.list() },
    // No path from the page: main's own dialog chooses the folder.
    'watched-folders:add': {
      args: z.tuple([z.strictObject({ target })]),
      run: ({ target: where }) => watchedFolders.add(where),
    },
    'watched-folders:remove': {
      args: z.tuple([z.string().min(1).max(100)]),
      run: (id) => watchedFolders.remove(id),
    },
    'watched-folders:origins': { args: z.tuple([]), run: () => watchedFolders.origins() },
    'watched-folders:card-offers': { args: z.tuple([]), run: () => watchedFolders.cardOffers() },
    'watched-folders:answer-card': {
      args: z.tuple([z.strictObject({ id: z.string().min(1).max(100), accept: z.boolean(), remember: z.boolean() })]),
      run: ({ id, accept, remember }) => watchedFolders.answerCard(id, accept, remember),
    },
  };
}
