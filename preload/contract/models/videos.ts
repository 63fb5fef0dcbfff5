/** Tagged videos: a person's tags placed on a recording's timeline, as the app models them. */

/** 1 Autosaved (a draft), 2 Complete. */
export type TaggedVideoStatus = 1 | 2;

export interface TagInstance {
  id: number;
  tagId: number;
  name: string;
  colour?: string;
  startSeconds: number;
  endSeconds?: number;
  note?: string;
}

export interface TaggedVideo {
  id: number;
  videoId: number;
  title: string;
  status: TaggedVideoStatus;
  ownerId?: number;
  tagsetId?: number;
  tagsetName?: string;
  recordedAt?: string;
  createdAt?: string;
  updatedAt?: string;
  video?: { title: string; durationSeconds?: number; mediaUrl?: string; thumbnailUrl?: string };
  /** In timeline order. */
  tags: TagInstance[];
}

export interface TagPlacement {
  tagId: number;
  startSeconds: number;
  endSeconds?: number;
  note?: string;
}

export interface TaggedVideoChanges {
  title?: string;
  status?: TaggedVideoStatus;
  tagsetId?: number;
  /** ISO 8601. */
  recordedAt?: string;
  /** Replaces every tag placement when given. */
  tags?: TagPlacement[];
  /**
   * Answers to the organisation's prerecord and postrecord fields (`Metadata: [{MetadataId, Value}]`, the
   * sandbox's choice: the interface does not say where they go). A service that ignores them loses nothing
   * of the recording; the answers stay in its journal too.
   */
  metadata?: { metadataId: number; value: string }[];
}
