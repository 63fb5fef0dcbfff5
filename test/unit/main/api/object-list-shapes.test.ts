import { describe, expect, it } from 'vitest';
import {
  readCommunityFiles,
  readDayActivity,
  readHashtags,
  readMemberActivity,
  readPosts,
} from '../../../../main/api/community-content';
import { readMembers } from '../../../../main/api/community-members';
import { readInvites } from '../../../../main/api/invites';
import { readPortfolioFiles, readPortfolioVideos, readTagSets } from '../../../../main/api/portfolio-content';
import { readPortfolios } from '../../../../main/api/portfolios';
import { readPeopleList } from '../../../../main/api/portfolio-sharing';
import { readFileList } from '../../../../main/services/uploads/remote-file';

/**
 * The interface types these lists as `object`; the sandbox answers `{Items, TotalItemCount}`, a real service
 * may well answer the bare array. Every reader of them must give the page the same thing either way.
 */
const stamp = '2026-03-01T10:00:00Z';
const person = { Id: 2, FirstName: 'Amara', LastName: 'Okafor', PictureUrl: null };

const readers: [string, (raw: unknown) => unknown[], Record<string, unknown>][] = [
  [
    "a group's files",
    readCommunityFiles,
    { Id: 1, Name: 'scheme.pdf', Size: 1200, ContentType: 'application/pdf', Url: 'http://x/f', CreatedAt: stamp },
  ],
  [
    'user-activity',
    readMemberActivity,
    { UserId: 2, FirstName: 'Amara', LastName: 'Okafor', PostCount: 1, CommentCount: 2, Total: 3 },
  ],
  ['post-activity', readDayActivity, { Date: '2026-03-01', Posts: 1, Comments: 0 }],
  [
    'post-recent',
    readPosts,
    { Id: 1, CommunityId: 1, AuthorId: 2, AuthorName: 'Amara', Text: 'Hi #science', CreatedAt: stamp, Comments: [] },
  ],
  ['hashtags-recent and -popular', readHashtags, { Tag: 'science', Count: 2, LastUsedAt: stamp }],
  [
    'members and nonmembers',
    readMembers,
    { Id: 1, UserId: 2, FirstName: 'Amara', LastName: 'Okafor', IsAdmin: false, IsAccepted: true, JoinedAt: stamp },
  ],
  [
    'my community invites',
    readInvites,
    { Hash: 'ab'.repeat(16), CommunityId: 1, CommunityName: 'Science', InvitedById: 2, CreatedAt: stamp },
  ],
  [
    "a portfolio's videos (get-all)",
    readPortfolioVideos,
    { Id: 5, VideoId: 5, Title: 'Lesson', DurationSeconds: 6, OwnerId: 2, TagIds: [], Tags: [], TaggedVideos: [] },
  ],
  [
    "a portfolio's files (get-files)",
    readPortfolioFiles,
    { Id: 1, Name: 'plan.txt', Extension: 'txt', Size: 4, ContentType: 'text/plain', CreatedAt: stamp },
  ],
  [
    "a portfolio's tag sets",
    readTagSets,
    { Id: 1, Name: 'Questioning', Tags: [{ Id: 1, Name: 'Open', Colour: '#22AA44', Ordinal: 0 }] },
  ],
  [
    'portfolios v2 and the sharing reads of portfolios',
    readPortfolios,
    { Id: 1, Title: 'Lesson study', CreatedById: 2, CreatedBy: person, CreatedAt: stamp, UpdatedAt: stamp },
  ],
  ['the sharing reads of people', readPeopleList, person],
];

describe('lists the interface types as an object: bare array or {Items, TotalItemCount}', () => {
  it.each(readers)('%s: the same items from both shapes', (_, read, item) => {
    const bare = read([item]);
    expect(bare).toHaveLength(1);
    expect(read({ Items: [item], TotalItemCount: 1 })).toEqual(bare);
    expect(read({ Items: [], TotalItemCount: 0 })).toEqual([]);
  });

  it('upload reconciliation reads a files list from both shapes (readFileList)', () => {
    const file = { Id: 1, Name: 'plan.txt', Size: 4, CreatedAt: stamp };
    const bare = readFileList([file]);
    expect(bare.files).toEqual([{ id: 1, name: 'plan.txt', size: 4, uploadedAt: Date.parse(stamp) }]);
    expect(readFileList({ Items: [file], TotalItemCount: 1 })).toEqual(bare);
  });
});
