import type { ServiceHttp } from './http';
import { maybeModel } from './models/common';
import { taggedVideoOf, taggedVideoWire, type TaggedVideo, type TaggedVideoStatus } from './models/tagged-video';
import { readId, readList, readModel } from './reader';
import type { TaggedVideoChanges } from '../../preload/contract/models/videos';
export type { TagPlacement, TaggedVideoChanges } from '../../preload/contract/models/videos';

/** Tagged videos of a recording: listing, reading, creating and changing them (status, title, tags). */

export type { TaggedVideo, TaggedVideoStatus, TagInstance } from './models/tagged-video';

export interface TaggedVideosApi {
  /** The person's own tagged videos of a recording, and other people's Complete ones. */
  listTaggedVideos(videoId: number): Promise<TaggedVideo[]>;
  getTaggedVideo(videoId: number, taggedVideoId: number): Promise<TaggedVideo>;
  createTaggedVideo(videoId: number, taggedVideo: TaggedVideoChanges & { title: string }): Promise<TaggedVideo>;
  /** Only the owner; fields not given keep their value. */
  updateTaggedVideo(videoId: number, taggedVideoId: number, changes: TaggedVideoChanges): Promise<TaggedVideo>;
  /**
   * The person's own tagged videos with one status, across all recordings (`/api/taggedVideos`,
   * deprecated but the only list across recordings, e.g. of drafts to finish).
   */
  listMyTaggedVideos(status: TaggedVideoStatus): Promise<TaggedVideo[]>;
}

export const readTaggedVideo = (raw: unknown, videoId?: number): TaggedVideo =>
  taggedVideoOf(readModel(taggedVideoWire, raw, 'tagged video'), videoId);

export const readTaggedVideos = (raw: unknown, videoId?: number): TaggedVideo[] =>
  readList(taggedVideoWire, raw, 'tagged videos').map((wire) => taggedVideoOf(wire, videoId));

/** TaggedVideoPost in the names the public trace shows (`Title`, `RecordedStamp`). */
function taggedVideoBody(changes: TaggedVideoChanges): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (changes.title !== undefined) body.Title = changes.title;
  if (changes.status !== undefined) body.Status = changes.status;
  if (changes.tagsetId !== undefined) body.TagsetId = changes.tagsetId;
  if (changes.recordedAt !== undefined) body.RecordedStamp = changes.recordedAt;
  if (changes.tags !== undefined) {
    body.Tags = changes.tags.map((tag) => ({
      TagId: tag.tagId,
      StartSeconds: tag.startSeconds,
      ...(tag.endSeconds !== undefined ? { EndSeconds: tag.endSeconds } : {}),
      ...(tag.note !== undefined ? { Note: tag.note } : {}),
    }));
  }
  if (changes.metadata !== undefined) {
    body.Metadata = changes.metadata.map((answer) => ({ MetadataId: answer.metadataId, Value: answer.value }));
  }
  return body;
}

export function createTaggedVideosApi(http: ServiceHttp): TaggedVideosApi {
  const path = (videoId: number) => `/api/videos/${encodeURIComponent(videoId)}/taggedVideos`;
  const getTaggedVideo = async (videoId: number, taggedVideoId: number) =>
    readTaggedVideo(
      await http.get(`${path(videoId)}/${encodeURIComponent(taggedVideoId)}`, { what: 'tagged video' }),
      videoId,
    );

  /** Writes answer "object" (or an id): the tagged video when it is one, otherwise it is read again. */
  async function afterWrite(raw: unknown, videoId: number, knownId?: number): Promise<TaggedVideo> {
    const wire = maybeModel(taggedVideoWire, raw, 'tagged video');
    if (wire) return taggedVideoOf(wire, videoId);
    return getTaggedVideo(videoId, knownId ?? readId(raw, 'tagged video'));
  }

  return {
    async listTaggedVideos(videoId) {
      return readTaggedVideos(await http.get(path(videoId), { what: 'tagged videos' }), videoId);
    },
    getTaggedVideo,
    async createTaggedVideo(videoId, taggedVideo) {
      const raw = await http.post(path(videoId), taggedVideoBody(taggedVideo), { what: 'tagged video' });
      return afterWrite(raw, videoId);
    },
    async updateTaggedVideo(videoId, taggedVideoId, changes) {
      const raw = await http.put(`${path(videoId)}/${encodeURIComponent(taggedVideoId)}`, taggedVideoBody(changes), {
        what: 'tagged video',
      });
      return afterWrite(raw, videoId, taggedVideoId);
    },
    async listMyTaggedVideos(status) {
      return readTaggedVideos(await http.get('/api/taggedVideos', { params: { status }, what: 'tagged videos' }));
    },
  };
}
