import { z } from 'zod';
import type { ServiceHttp } from './http';
import {
  createdAtOf,
  firstOf,
  optionalId,
  optionalNumber,
  optionalText,
  personOf,
  personWire,
  some,
  stampWire,
} from './models/common';
import { postOf, postWire, type Post } from './models/post';
import { readList, readPaged, type Paged } from './reader';
import type { CommunityFile, MemberActivity, DayActivity, Hashtag } from '../../preload/contract/models/groups';
export type { CommunityFile, MemberActivity, DayActivity, Hashtag } from '../../preload/contract/models/groups';

/** What is inside a group: its timeline, shared files, activity and hashtags. */

export type { Post, PostComment } from './models/post';

export interface CommunityContentApi {
  listPosts(communityId: number, query?: { pageNumber?: number; pageSize?: number }): Promise<Paged<Post>>;
  listRecentPosts(communityId: number, query?: { count?: number }): Promise<Post[]>;
  listFiles(
    communityId: number,
    query?: { orderByDirection?: 'ASC' | 'DESC'; uploadedByMe?: boolean },
  ): Promise<CommunityFile[]>;
  /** People ranked by posts plus comments, highest first. */
  getMemberActivity(communityId: number): Promise<MemberActivity[]>;
  /** Posts and comments per day, oldest first. */
  getPostActivity(communityId: number, query?: { days?: number }): Promise<DayActivity[]>;
  listRecentHashtags(communityId: number, query?: { count?: number }): Promise<Hashtag[]>;
  listPopularHashtags(communityId: number, query?: { count?: number }): Promise<Hashtag[]>;
}

const count = optionalNumber;

const fileWire = z
  .object({
    id: optionalId,
    fileId: optionalId,
    name: optionalText,
    fileName: optionalText,
    title: optionalText,
    size: count,
    contentType: optionalText,
    url: optionalText,
    fileUrl: optionalText,
    uploadedById: optionalId,
    uploadedByName: optionalText,
    uploadedBy: personWire.nullable().optional(),
    ...stampWire,
  })
  .refine((wire) => firstOf(wire.id, wire.fileId) !== undefined, { message: 'a file needs an id' });

function fileOf(wire: z.output<typeof fileWire>): CommunityFile {
  const uploader = personOf(wire.uploadedBy);
  return {
    id: firstOf(wire.id, wire.fileId)!,
    name: firstOf(wire.name, wire.fileName, wire.title) ?? '',
    ...some('size', wire.size),
    ...some('contentType', wire.contentType),
    ...some('url', firstOf(wire.url, wire.fileUrl)),
    ...some('uploadedById', firstOf(wire.uploadedById, uploader?.id)),
    ...some(
      'uploadedByName',
      firstOf(wire.uploadedByName, uploader ? `${uploader.firstName} ${uploader.lastName}`.trim() : undefined),
    ),
    ...some('createdAt', createdAtOf(wire)),
  };
}

const memberActivityWire = personWire.extend({
  postCount: count,
  posts: count,
  commentCount: count,
  comments: count,
  total: count,
});

function memberActivityOf(wire: z.output<typeof memberActivityWire>): MemberActivity | undefined {
  const person = personOf(wire);
  if (!person) return undefined;
  const postCount = firstOf(wire.postCount, wire.posts) ?? 0;
  const commentCount = firstOf(wire.commentCount, wire.comments) ?? 0;
  return {
    userId: person.id,
    firstName: person.firstName,
    lastName: person.lastName,
    ...some('pictureUrl', person.pictureUrl),
    postCount,
    commentCount,
    total: wire.total ?? postCount + commentCount,
  };
}

const dayWire = z.object({
  date: z.string(),
  posts: count,
  postCount: count,
  comments: count,
  commentCount: count,
});

const hashtagWire = z
  .object({
    tag: optionalText,
    name: optionalText,
    hashtag: optionalText,
    count: count,
    uses: count,
    lastUsedAt: optionalText,
  })
  .refine((wire) => firstOf(wire.tag, wire.name, wire.hashtag) !== undefined, { message: 'a hashtag needs a name' });

function hashtagOf(wire: z.output<typeof hashtagWire>): Hashtag {
  const tag = firstOf(wire.tag, wire.name, wire.hashtag)!.replace(/^#/, '').toLowerCase();
  return { tag, count: firstOf(wire.count, wire.uses) ?? 0, ...some('lastUsedAt', wire.lastUsedAt) };
}

export function readPostPage(raw: unknown): Paged<Post> {
  const page = readPaged(postWire, raw, 'posts');
  return { ...page, items: page.items.map(postOf) };
}

export const readPosts = (raw: unknown): Post[] => readList(postWire, raw, 'posts').map(postOf);
export const readCommunityFiles = (raw: unknown): CommunityFile[] => readList(fileWire, raw, 'files').map(fileOf);
export const readHashtags = (raw: unknown): Hashtag[] => readList(hashtagWire, raw, 'hashtags').map(hashtagOf);

export function readMemberActivity(raw: unknown): MemberActivity[] {
  return readList(memberActivityWire, raw, 'member activity')
    .map(memberActivityOf)
    .filter((row): row is MemberActivity => row !== undefined);
}

export function readDayActivity(raw: unknown): DayActivity[] {
  return readList(dayWire, raw, 'post activity').map((wire) => ({
    date: wire.date.slice(0, 10),
    posts: firstOf(wire.posts, wire.postCount) ?? 0,
    comments: firstOf(wire.comments, wire.commentCount) ?? 0,
  }));
}

export function createCommunityContentApi(http: ServiceHttp): CommunityContentApi {
  const group = (id: number) => `/api/community/${encodeURIComponent(id)}`;
  return {
    async listPosts(communityId, query = {}) {
      const raw = await http.get(`/api/communities/${encodeURIComponent(communityId)}/posts`, {
        params: { ...query },
        what: 'posts',
      });
      return readPostPage(raw);
    },
    async listRecentPosts(communityId, query = {}) {
      return readPosts(await http.get(`${group(communityId)}/post-recent`, { params: { ...query }, what: 'posts' }));
    },
    async listFiles(communityId, query = {}) {
      const raw = await http.get(`${group(communityId)}/files`, { params: { ...query }, what: 'files' });
      return readCommunityFiles(raw);
    },
    async getMemberActivity(communityId) {
      return readMemberActivity(await http.get(`${group(communityId)}/user-activity`, { what: 'member activity' }));
    },
    async getPostActivity(communityId, query = {}) {
      const raw = await http.get(`${group(communityId)}/post-activity`, {
        params: { ...query },
        what: 'post activity',
      });
      return readDayActivity(raw);
    },
    async listRecentHashtags(communityId, query = {}) {
      const raw = await http.get(`${group(communityId)}/hashtags-recent`, { params: { ...query }, what: 'hashtags' });
      return readHashtags(raw);
    },
    async listPopularHashtags(communityId, query = {}) {
      const raw = await http.get(`${group(communityId)}/hashtags-popular`, { params: { ...query }, what: 'hashtags' });
      return readHashtags(raw);
    },
  };
}
