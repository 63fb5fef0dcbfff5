import type { TagSet } from './models/portfolios';
import type { TaggedVideo, TaggedVideoStatus } from './models/videos';
import type { Result } from './result';

/** Tagged videos: the tags people place on a recording's timeline. */

export interface NewTaggedVideo {
  title: string;
  /** The tag set its tags will come from. */
  tagsetId?: number;
}

/** What the tagged video page may change: its title and status (Autosaved ↔ Complete). */
export interface TaggedVideoEdit {
  title?: string;
  status?: TaggedVideoStatus;
}

export interface TaggedVideosInvoke {
  /** The person's own tagged videos of a recording, and other people's Complete ones. */
  'tagged-videos:list': (videoId: number) => Promise<Result<TaggedVideo[]>>;
  'tagged-videos:get': (videoId: number, taggedVideoId: number) => Promise<Result<TaggedVideo>>;
  /** Starts as a draft (Autosaved). */
  'tagged-videos:create': (videoId: number, taggedVideo: NewTaggedVideo) => Promise<Result<TaggedVideo>>;
  /** Only the owner; fields not given keep their value. */
  'tagged-videos:update': (
    videoId: number,
    taggedVideoId: number,
    changes: TaggedVideoEdit,
  ) => Promise<Result<TaggedVideo>>;
  /** The person's own tagged videos with one status, across all recordings. */
  'tagged-videos:list-mine': (status: TaggedVideoStatus) => Promise<Result<TaggedVideo[]>>;
  /** The tag sets of the person's default organisation (the published ones). */
  'tagged-videos:tag-sets': () => Promise<Result<TagSet[]>>;
}

export const taggedVideosInvokeChannels = {
  'tagged-videos:list': true,
  'tagged-videos:get': true,
  'tagged-videos:create': true,
  'tagged-videos:update': true,
  'tagged-videos:list-mine': true,
  'tagged-videos:tag-sets': true,
} as const satisfies Record<keyof TaggedVideosInvoke, true>;
