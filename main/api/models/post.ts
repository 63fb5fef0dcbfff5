import { z } from 'zod';
import {
  createdAtOf,
  firstOf,
  optionalId,
  optionalNumber,
  optionalText,
  personOf,
  personWire,
  some,
  splitName,
  stampWire,
  type Person,
  type PersonWire,
} from './common';
import type { PostComment, Post } from '../../../preload/contract/models/groups';
export type { PostComment, Post } from '../../../preload/contract/models/groups';

/** Posts on a group's timeline and the comments under them (PostGet). */

/** Authors come flat (`AuthorId`, `AuthorName`, `AuthorImageUrl`) or nested (`Author {…}`, `User {…}`). */
const authorWire = {
  authorId: optionalId,
  authorName: optionalText,
  authorFirstName: optionalText,
  authorLastName: optionalText,
  authorImageUrl: optionalText,
  authorPictureUrl: optionalText,
  author: personWire.nullable().optional(),
  user: personWire.nullable().optional(),
  createdBy: personWire.nullable().optional(),
};

interface AuthorFields {
  authorId?: number | null;
  authorName?: string | null;
  authorFirstName?: string | null;
  authorLastName?: string | null;
  authorImageUrl?: string | null;
  authorPictureUrl?: string | null;
  author?: PersonWire | null;
  user?: PersonWire | null;
  createdBy?: PersonWire | null;
}

function authorOf(wire: AuthorFields): { authorName: string; author?: Person } {
  const nested = personOf(firstOf(wire.author, wire.user, wire.createdBy));
  const flatName =
    firstOf(wire.authorName) ?? [wire.authorFirstName, wire.authorLastName].filter(Boolean).join(' ').trim();
  const fromFlat = wire.authorId != null ? { id: wire.authorId, ...splitName(flatName) } : undefined;
  const pictureUrl = firstOf(wire.authorImageUrl, wire.authorPictureUrl);
  const author: Person | undefined =
    nested ??
    (fromFlat
      ? {
          ...fromFlat,
          ...(wire.authorFirstName ? { firstName: wire.authorFirstName } : {}),
          ...(wire.authorLastName ? { lastName: wire.authorLastName } : {}),
          ...some('pictureUrl', pictureUrl),
        }
      : undefined);
  const authorName = flatName || (author ? `${author.firstName} ${author.lastName}`.trim() : '');
  return { authorName, ...(author ? { author } : {}) };
}

export const postCommentWire = z
  .object({
    id: optionalId,
    commentId: optionalId,
    postId: optionalId,
    parentCommentId: optionalId,
    text: optionalText,
    message: optionalText,
    comment: optionalText,
    body: optionalText,
    ...authorWire,
    ...stampWire,
  })
  .refine((wire) => firstOf(wire.id, wire.commentId) !== undefined, { message: 'a comment needs an id' });

export function postCommentOf(wire: z.output<typeof postCommentWire>): PostComment {
  return {
    id: firstOf(wire.id, wire.commentId)!,
    ...some('postId', wire.postId),
    ...some('parentCommentId', wire.parentCommentId),
    ...authorOf(wire),
    text: firstOf(wire.text, wire.message, wire.comment, wire.body) ?? '',
    createdAt: createdAtOf(wire) ?? '',
  };
}

export const postWire = z
  .object({
    id: optionalId,
    postId: optionalId,
    communityId: optionalId,
    text: optionalText,
    message: optionalText,
    content: optionalText,
    body: optionalText,
    hashtags: z.array(z.string()).nullable().optional(),
    commentCount: optionalNumber,
    comments: z.array(postCommentWire).nullable().optional(),
    ...authorWire,
    ...stampWire,
  })
  .refine((wire) => firstOf(wire.id, wire.postId) !== undefined, { message: 'a post needs an id' });

export function postOf(wire: z.output<typeof postWire>): Post {
  const comments = (wire.comments ?? []).map(postCommentOf);
  return {
    id: firstOf(wire.id, wire.postId)!,
    ...some('communityId', wire.communityId),
    ...authorOf(wire),
    text: firstOf(wire.text, wire.message, wire.content, wire.body) ?? '',
    hashtags: wire.hashtags ?? [],
    createdAt: createdAtOf(wire) ?? '',
    commentCount: wire.commentCount ?? comments.length,
    comments,
  };
}
