import { describe, expect, it } from 'vitest';
import {
  readCommunityFiles,
  readDayActivity,
  readHashtags,
  readMemberActivity,
  readPostPage,
  readPosts,
} from '../../../../main/api/community-content';
import { decodeBody } from '../../../../main/api/reader';

const sandboxPost = {
  Id: 2,
  CommunityId: 1,
  AuthorId: 11,
  AuthorName: 'Amara Andersen',
  AuthorImageUrl: 'http://x/a.png',
  Text: 'New resources #science',
  Hashtags: ['science'],
  CreatedAt: '2026-11-19T17:31:15.614Z',
  CommentCount: 1,
  Comments: [
    {
      Id: 3,
      PostId: 2,
      ParentCommentId: null,
      AuthorId: 15,
      AuthorName: 'Elif Evans',
      Text: 'Agreed',
      CreatedAt: '2026-11-19T18:00:00Z',
    },
  ],
};

describe('posts', () => {
  it('reads the sandbox post with a flat author into authorName and a person', () => {
    expect(readPosts([sandboxPost])).toEqual([
      {
        id: 2,
        communityId: 1,
        authorName: 'Amara Andersen',
        author: { id: 11, firstName: 'Amara', lastName: 'Andersen', pictureUrl: 'http://x/a.png' },
        text: 'New resources #science',
        hashtags: ['science'],
        createdAt: '2026-11-19T17:31:15.614Z',
        commentCount: 1,
        comments: [
          {
            id: 3,
            postId: 2,
            authorName: 'Elif Evans',
            author: { id: 15, firstName: 'Elif', lastName: 'Evans' },
            text: 'Agreed',
            createdAt: '2026-11-19T18:00:00Z',
          },
        ],
      },
    ]);
  });

  it('reads a nested author, Message instead of Text, CreatedStamp, and no comments', () => {
    const [post] = readPosts([
      { postId: 8, message: 'Hello', author: { id: 1, firstName: 'Ada', lastName: 'A' }, createdStamp: '2026-01-01' },
    ]);
    expect(post).toEqual({
      id: 8,
      authorName: 'Ada A',
      author: { id: 1, firstName: 'Ada', lastName: 'A' },
      text: 'Hello',
      hashtags: [],
      createdAt: '2026-01-01',
      commentCount: 0,
      comments: [],
    });
  });

  it('reads a page of posts from XML, one comment written as a single child', () => {
    const xml = `<PagedList><Items><PostGet><Id>2</Id><AuthorName>Amara</AuthorName><Text>Hi</Text>
      <CreatedAt>2026-11-19T17:31:15Z</CreatedAt><Hashtags/><Comments><CommentGet><Id>3</Id><Text>Yes</Text>
      <ParentCommentId>1</ParentCommentId></CommentGet></Comments></PostGet></Items>
      <TotalItemCount>4</TotalItemCount><PageNumber>1</PageNumber><IsLastPage>false</IsLastPage></PagedList>`;
    const page = readPostPage(decodeBody('application/xml', xml));
    expect(page).toMatchObject({ totalCount: 4, pageNumber: 1, hasNextPage: true });
    expect(page.items[0]!.comments).toEqual([
      { id: 3, parentCommentId: 1, authorName: '', text: 'Yes', createdAt: '' },
    ]);
  });

  it('a post without an id is BAD_RESPONSE', () => {
    expect(() => readPostPage({ Items: [{ Text: 'x' }] })).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
  });
});

describe('files, activity, hashtags', () => {
  it('reads files with an uploader flat or nested', () => {
    expect(
      readCommunityFiles([
        {
          Id: 1,
          Name: 'Plan.txt',
          Size: 80,
          Url: 'u',
          UploadedById: 17,
          UploadedByName: 'Grace Garcia',
          CreatedAt: 't',
        },
        { fileId: 2, fileName: 'b.pdf', uploadedBy: { id: 3, firstName: 'Sara', lastName: 'L' } },
      ]),
    ).toEqual([
      { id: 1, name: 'Plan.txt', size: 80, url: 'u', uploadedById: 17, uploadedByName: 'Grace Garcia', createdAt: 't' },
      { id: 2, name: 'b.pdf', uploadedById: 3, uploadedByName: 'Sara L' },
    ]);
  });

  it('reads member activity and works out a missing total', () => {
    expect(readMemberActivity([{ UserId: 11, FirstName: 'Amara', LastName: 'A', Posts: 1, Comments: '2' }])).toEqual([
      { userId: 11, firstName: 'Amara', lastName: 'A', postCount: 1, commentCount: 2, total: 3 },
    ]);
  });

  it('reads days as dates, counts under either name', () => {
    expect(
      readDayActivity([
        { Date: '2026-11-21T00:00:00Z', PostCount: 2 },
        { date: '2026-11-22', posts: 0, comments: 1 },
      ]),
    ).toEqual([
      { date: '2026-11-21', posts: 2, comments: 0 },
      { date: '2026-11-22', posts: 0, comments: 1 },
    ]);
  });

  it('reads hashtags lower case without #, and refuses a nameless one', () => {
    expect(
      readHashtags([
        { Tag: 'Science', Count: 3, LastUsedAt: 't' },
        { name: '#Maths', uses: 1 },
      ]),
    ).toEqual([
      { tag: 'science', count: 3, lastUsedAt: 't' },
      { tag: 'maths', count: 1 },
    ]);
    expect(() => readHashtags([{ Count: 3 }])).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
  });
});
