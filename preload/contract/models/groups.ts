import type { Label, Person } from './common';

/** Groups (communities), their posts, files, activity, members, labels and invitations, as the app models them. */

/** 1 Group, 2 Video bank, 3 Community, 4 Cohort. */
export type CommunityTypeId = 1 | 2 | 3 | 4;

export interface CommunityFeatures {
  activity: boolean;
  timeline: boolean;
  video: boolean;
  file: boolean;
}

export interface Community {
  id: number;
  name: string;
  description: string;
  typeId: number;
  typeName?: string;
  organisationId?: number;
  organisationName?: string;
  labels: Label[];
  administratorIds: number[];
  memberCount?: number;
  isMember?: boolean;
  /** The signed-in person may manage this group. */
  isAdmin?: boolean;
  coverImageUrl?: string;
  profileImageUrl?: string;
  profileBackgroundColor?: string;
  features?: CommunityFeatures;
  createdById?: number;
  createdAt?: string;
}

export interface CommunityQuery {
  name?: string;
  /** A visibility id as text, e.g. "3". */
  visibility?: string;
  createdByMe?: boolean;
  organisationId?: number;
  /** A group matches when it carries any of these labels. */
  labelIds?: number[];
  pageNumber?: number;
  pageSize?: number;
}

export interface MyCommunityQuery {
  /** Empty or absent means any name (the interface requires the parameter, so it is always sent). */
  name?: string;
  /** Only groups the person administers. */
  administrators?: boolean;
  createdByMe?: boolean;
  labelIds?: number[];
  /** NAME, TYPE or CREATESTAMP. */
  orderBy?: string;
  orderByDirection?: 'ASC' | 'DESC';
  pageNumber?: number;
  pageSize?: number;
}

export interface OrganisationCommunityQuery {
  name?: string;
  /** How widely a group is shared: 1 SingleUser … 6 Site (the interface's own numbering). */
  type?: number;
  labelIds?: number[];
}

export interface NewCommunity {
  name: string;
  description: string;
  typeId: CommunityTypeId;
}

export interface CommunityChanges {
  name: string;
  description: string;
  features?: Partial<CommunityFeatures>;
  /** `#RRGGBB`; null clears it. */
  profileBackgroundColor?: string | null;
  defaultLandingPage?: string | number | null;
}

export interface CommunityImages {
  coverImageUrl?: string;
  profileImageUrl?: string;
  profileBackgroundColor?: string;
}

export interface PostComment {
  id: number;
  postId?: number;
  parentCommentId?: number;
  authorName: string;
  author?: Person;
  text: string;
  createdAt: string;
}

export interface Post {
  id: number;
  communityId?: number;
  authorName: string;
  author?: Person;
  text: string;
  hashtags: string[];
  createdAt: string;
  commentCount: number;
  /** Oldest first; replies carry `parentCommentId`. */
  comments: PostComment[];
}

export interface CommunityFile {
  id: number;
  name: string;
  size?: number;
  contentType?: string;
  url?: string;
  uploadedById?: number;
  uploadedByName?: string;
  createdAt?: string;
}

export interface MemberActivity {
  userId: number;
  firstName: string;
  lastName: string;
  pictureUrl?: string;
  postCount: number;
  commentCount: number;
  total: number;
}

export interface DayActivity {
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  posts: number;
  comments: number;
}

export interface Hashtag {
  /** Lower case, without `#`. */
  tag: string;
  count: number;
  lastUsedAt?: string;
}

export interface Member {
  /** The person's user id. */
  id: number;
  firstName: string;
  lastName: string;
  email?: string;
  pictureUrl?: string;
  isAdmin: boolean;
  /** False for someone invited who has not joined yet. */
  isAccepted?: boolean;
  joinedAt?: string;
}

export interface MemberQuery {
  /** Leave out the group's administrators. */
  onlyUsers?: boolean;
  organisationId?: number;
  /** True: joined members only; false: pending invitees only; absent: both. */
  isAccepted?: boolean;
}

export interface OrganisationLabel extends Label {
  /** How many groups carry it, when the service says. */
  communityCount?: number;
}

export interface CommunityInvite {
  /** The invite code; whoever holds it may join. */
  hash: string;
  communityId: number;
  communityName: string;
  communityTypeId?: number;
  organisationId?: number;
  invitedById?: number;
  invitedByName?: string;
  createdAt?: string;
}

export interface InviteOutcome {
  totalInvites: number;
  /** Addresses that were sent an invitation. */
  invited: string[];
  /** Addresses refused, most likely malformed. */
  failed: string[];
  alreadyMembers: string[];
}

export interface NewPostComment {
  postId: number;
  text: string;
  /** A comment on the same post, to reply to it. */
  parentCommentId?: number;
}
