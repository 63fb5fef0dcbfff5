import type { TagSet } from './models/portfolios';
import type { VideoSummary } from './portfolios';
import type { TaggedVideo, TaggedVideoStatus } from './models/videos';
import type { Result } from './result';

/** Tagged videos: the tags people place on a recording's timeline. */

export interface NewTaggedVideo {
  title: string;
  /** The tag set its tags will come from. */
  tagsetId?: number;
}

/** What the tagged video page may change: its title, status (Autosaved ↔ Complete), tags and tag set. */
export interface TaggedVideoEdit {
  title?: string;
  status?: TaggedVideoStatus;
  /** Replaces every tag placement when given (the service keeps the list whole). */
  tags?: TagEdit[];
  /**
   * Another tag set. Only with `tags`: the page says which placements stay (those of the new set), so
   * none of another set is left behind without the person having been asked.
   */
  tagsetId?: number;
}

/**
 * One placed tag as the page sends it. Times cross the bridge in whole milliseconds: exact to compare
 * (a pending edit against what came back) and no fractions to validate; main sends seconds on.
 */
export interface TagEdit {
  tagId: number;
  startMs: number;
  endMs?: number;
  note?: string;
}

/** One of the person's recordings, with what has been made of it. */
export interface Recording {
  video: VideoSummary;
  /** The person's own tagged videos of it and colleagues' complete ones (as the service lists them). */
  taggedVideos: TaggedVideo[];
  /** The person's portfolios that hold it. */
  portfolios: { id: number; title: string }[];
}

/**
 * The person's recordings (`GET /api/me/videos`, deprecated in the interface). `available: false`
 * when the service does not offer that list (404/405): a state to explain, not an error.
 */
export interface MyRecordings {
  available: boolean;
  recordings: Recording[];
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
  /** The person's recordings, each with its tagged videos and the portfolios holding it. */
  'tagged-videos:recordings': () => Promise<Result<MyRecordings>>;
}

export const taggedVideosInvokeChannels = {
  'tagged-videos:list': true,
  'tagged-videos:get': true,
  'tagged-videos:create': true,
  'tagged-videos:update': true,
  'tagged-videos:list-mine': true,
  'tagged-videos:tag-sets': true,
  'tagged-videos:recordings': true,
} as const satisfies Record<keyof TaggedVideosInvoke, true>;
