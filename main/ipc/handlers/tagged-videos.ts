import { z } from 'zod';
import type { TaggedVideosInvoke } from '../../../preload/contract';
import { createTaggedVideosApi } from '../../api/tagged-videos';
import { listMyRecordings } from '../../services/tagged-videos/my-recordings';
import { listOrganisationTagSets } from '../../services/tagged-videos/organisation-tag-sets';
import type { AreaHandlers } from '../handler';
import type { BrowseServices } from './browse-services';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** 1 Autosaved (a draft), 2 Complete: nothing else exists. */
const status = z.union([z.literal(1), z.literal(2)]);
/** The service keeps titles of up to 200 characters. */
const title = z.string().trim().min(1).max(200);
const newTaggedVideo = z.strictObject({ title, tagsetId: id.optional() });
/** Milliseconds into the video: whole, not negative, under a day (no lesson is longer). */
const ms = z.number().int().min(0).max(86_400_000);
const placement = z
  .strictObject({ tagId: id, startMs: ms, endMs: ms.optional(), note: z.string().max(2000).optional() })
  .refine((tag) => tag.endMs === undefined || tag.endMs >= tag.startMs, 'A tag cannot end before it starts');
const edit = z
  .strictObject({
    title: title.optional(),
    status: status.optional(),
    tags: z.array(placement).max(2000).optional(),
    tagsetId: id.optional(),
  })
  .refine(
    (changes) => changes.title !== undefined || changes.status !== undefined || changes.tags !== undefined,
    'Nothing to change',
  )
  // A new tag set without the tags that stay could leave placements of the old set on the service.
  .refine((changes) => changes.tagsetId === undefined || changes.tags !== undefined, {
    message: 'A new tag set is sent with the tags that stay',
    path: ['tags'],
  });

/** Tagged videos: the tags people place on a recording's timeline. */
export function createTaggedVideosHandlers(services: BrowseServices): AreaHandlers<TaggedVideosInvoke> {
  const api = () => createTaggedVideosApi(services.session.http());
  return {
    'tagged-videos:list': { args: z.tuple([id]), run: (videoId) => api().listTaggedVideos(videoId) },
    'tagged-videos:get': {
      args: z.tuple([id, id]),
      run: (videoId, taggedVideoId) => api().getTaggedVideo(videoId, taggedVideoId),
    },
    'tagged-videos:create': {
      args: z.tuple([id, newTaggedVideo]),
      run: (videoId, taggedVideo) =>
        api().createTaggedVideo(videoId, {
          title: taggedVideo.title,
          status: 1,
          ...(taggedVideo.tagsetId !== undefined ? { tagsetId: taggedVideo.tagsetId } : {}),
        }),
    },
    'tagged-videos:update': {
      args: z.tuple([id, id, edit]),
      run: (videoId, taggedVideoId, changes) =>
        api().updateTaggedVideo(videoId, taggedVideoId, {
          ...(changes.title !== undefined ? { title: changes.title } : {}),
          ...(changes.status !== undefined ? { status: changes.status } : {}),
          ...(changes.tagsetId !== undefined ? { tagsetId: changes.tagsetId } : {}),
          ...(changes.tags !== undefined
            ? {
                tags: changes.tags.map((tag) => ({
                  tagId: tag.tagId,
                  startSeconds: tag.startMs / 1000,
                  ...(tag.endMs !== undefined ? { endSeconds: tag.endMs / 1000 } : {}),
                  ...(tag.note !== undefined ? { note: tag.note } : {}),
                })),
              }
            : {}),
        }),
    },
    'tagged-videos:list-mine': { args: z.tuple([status]), run: (wanted) => api().listMyTaggedVideos(wanted) },
    'tagged-videos:tag-sets': {
      args: z.tuple([]),
      run: () => listOrganisationTagSets(services.session.http(), services.session.state().defaultOrganisationId),
    },
    'tagged-videos:recordings': { args: z.tuple([]), run: () => listMyRecordings(services.session.http()) },
  };
}
