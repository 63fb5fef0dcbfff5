import type { Paged } from './models/common';
import type {
  CommunityFeatures,
  CommunityFile,
  DayActivity,
  Hashtag,
  Member,
  MemberActivity,
  NewPostComment,
  Post,
  PostComment,
} from './models/groups';
import type { Result } from './result';

/** Inside a group: posts and their comments, files, members and activity. */

/** What the signed-in person may do inside one group (decides which actions a tab offers). */
export interface GroupAccess {
  groupId: number;
  groupName: string;
  /** An accepted member of the group. */
  isMember: boolean;
  /** A group admin, or an administrator of the group's organisation: adds, promotes and removes members. */
  canManage: boolean;
  /** Members and managers may comment on posts; other readers (same organisation) only read. */
  canComment: boolean;
  features?: CommunityFeatures;
}

export interface GroupPostPageRequest {
  pageNumber: number;
  pageSize: number;
}

export interface GroupFilesQuery {
  /** By upload time. */
  order: 'ASC' | 'DESC';
  uploadedByMe: boolean;
}

export interface GroupContentInvoke {
  /** The timeline, newest first, each post with its comments (oldest first; replies carry parentCommentId). */
  'group-posts:list': (groupId: number, page: GroupPostPageRequest) => Promise<Result<Paged<Post>>>;
  /** Comments on a post, or replies to one of its comments; answers the new comment as the timeline shows it. */
  'group-posts:comment': (comment: NewPostComment) => Promise<Result<PostComment>>;

  'group-files:list': (groupId: number, query: GroupFilesQuery) => Promise<Result<CommunityFile[]>>;

  /** What the signed-in person may do in the group. */
  'group-members:access': (groupId: number) => Promise<Result<GroupAccess>>;
  /** Members (admins first) and pending invitees (isAccepted false). */
  'group-members:list': (groupId: number) => Promise<Result<Member[]>>;
  /** People of the group's organisation who could be added. */
  'group-members:non-members': (groupId: number) => Promise<Result<Member[]>>;
  /** Answers the added person's id. */
  'group-members:add': (groupId: number, userId: number) => Promise<Result<number>>;
  'group-members:promote': (groupId: number, userId: number) => Promise<Result<null>>;
  'group-members:remove': (groupId: number, userId: number) => Promise<Result<null>>;

  /** People ranked by posts plus comments, highest first. */
  'group-activity:members': (groupId: number) => Promise<Result<MemberActivity[]>>;
  /** Posts and comments per day for the last `days` days, oldest first. */
  'group-activity:by-day': (groupId: number, days: number) => Promise<Result<DayActivity[]>>;
  'group-activity:recent-posts': (groupId: number, count: number) => Promise<Result<Post[]>>;
  'group-activity:recent-hashtags': (groupId: number, count: number) => Promise<Result<Hashtag[]>>;
  'group-activity:popular-hashtags': (groupId: number, count: number) => Promise<Result<Hashtag[]>>;
}

export const groupContentInvokeChannels = {
  'group-posts:list': true,
  'group-posts:comment': true,
  'group-files:list': true,
  'group-members:access': true,
  'group-members:list': true,
  'group-members:non-members': true,
  'group-members:add': true,
  'group-members:promote': true,
  'group-members:remove': true,
  'group-activity:members': true,
  'group-activity:by-day': true,
  'group-activity:recent-posts': true,
  'group-activity:recent-hashtags': true,
  'group-activity:popular-hashtags': true,
} as const satisfies Record<keyof GroupContentInvoke, true>;
