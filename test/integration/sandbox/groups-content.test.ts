import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call } from '../../support/sandbox-api.js';
import { addMember, createPost } from '../../../sandbox/src/domain/groups.js';
import { createGroup, people, xmlHeaders } from './groups-fixtures.js';

describe('group timeline: posts, post comments, files, activity, hashtags', () => {
  let s: RunningSandbox;
  let p: ReturnType<typeof people>;
  let group: number;
  let clock = Date.parse('2026-03-02T09:00:00Z');
  beforeAll(async () => {
    // A controllable clock so posts have distinct, predictable times.
    s = await startSandbox({ now: () => new Date(clock) });
    p = people(s);
    group = await createGroup(s, p.owner, { Name: 'Year 7 Science mentors' });
    addMember(p.ctx, p.owner.id, group, p.colleague.id, false);
  });
  afterAll(async () => s.stop());

  const later = (minutes = 1) => {
    clock += minutes * 60_000;
  };
  const post = (authorId: number, text: string) => {
    later();
    return createPost(p.ctx, authorId, group, text);
  };

  it('pages a group’s posts newest first, with comments and hashtags', async () => {
    const first = post(p.owner.id, 'Welcome to the #mentoring group! #Science');
    const second = post(p.colleague.id, 'Lesson study next week #mentoring');
    const r = await call(s.url, p.colleague.token, 'GET', `/api/communities/${group}/posts`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ PageNumber: 1, TotalItemCount: 2 });
    expect(r.body.Items.map((x: { Id: number }) => x.Id)).toEqual([second, first]);
    expect(r.body.Items[1]).toMatchObject({
      CommunityId: group,
      AuthorId: p.owner.id,
      Hashtags: ['mentoring', 'science'],
      CommentCount: 0,
      Comments: [],
    });
    const page2 = await call(s.url, p.owner.token, 'GET', `/api/communities/${group}/posts?pageNumber=2&pageSize=1`);
    expect(page2.body.Items.map((x: { Id: number }) => x.Id)).toEqual([first]);
    expect((await call(s.url, p.owner.token, 'GET', '/api/communities/999999/posts')).status).toBe(404);
    expect((await call(s.url, p.outsider.token, 'GET', `/api/communities/${group}/posts`)).status).toBe(403);
  });

  it('notifies the other members of a new post and records the activity', () => {
    const postId = post(p.owner.id, 'Reminder: observations due Friday');
    const notes = p.ctx.db
      .prepare("SELECT user_id FROM notifications WHERE kind = 'post' AND post_id = ?")
      .pluck()
      .all(postId);
    expect(notes).toEqual([p.colleague.id]);
    const activity = p.ctx.db
      .prepare("SELECT COUNT(*) FROM activity WHERE kind = 'post' AND community_id = ?")
      .pluck()
      .get(group) as number;
    expect(activity).toBeGreaterThan(0);
  });

  it('creates a post comment (answering its id), notifying the post author', async () => {
    const postId = post(p.owner.id, 'What worked in your first observed lesson?');
    later();
    const r = await call(s.url, p.colleague.token, 'POST', '/api/post_comments', {
      PostId: postId,
      Text: 'Clear routines #behaviour',
    });
    expect(r.status).toBe(200);
    expect(typeof r.body).toBe('number');
    const note = p.ctx.db
      .prepare("SELECT user_id, actor_id FROM notifications WHERE kind = 'post_comment' AND comment_id = ?")
      .get(r.body);
    expect(note).toEqual({ user_id: p.owner.id, actor_id: p.colleague.id });
    later();
    const reply = await call(s.url, p.owner.token, 'POST', '/api/post_comments', {
      postId,
      message: 'Agreed!',
      parentCommentId: r.body,
    });
    expect(reply.status).toBe(200);
    const replyNote = p.ctx.db
      .prepare("SELECT user_id FROM notifications WHERE kind = 'reply' AND comment_id = ?")
      .pluck()
      .get(reply.body);
    expect(replyNote).toBe(p.colleague.id);
    const posts = (await call(s.url, p.owner.token, 'GET', `/api/communities/${group}/posts`)).body.Items;
    expect(posts[0]).toMatchObject({
      Id: postId,
      CommentCount: 2,
      Comments: [
        { Id: r.body, Text: 'Clear routines #behaviour', ParentCommentId: null, AuthorId: p.colleague.id },
        { Id: reply.body, Text: 'Agreed!', ParentCommentId: r.body, AuthorId: p.owner.id },
      ],
    });
  });

  it('accepts a post comment in XML and answers <int>', async () => {
    const postId = post(p.owner.id, 'XML clients welcome');
    const r = await call(
      s.url,
      p.colleague.token,
      'POST',
      '/api/post_comments',
      `<PostCommentCreate><PostId>${postId}</PostId><Text>Hello from XML</Text></PostCommentCreate>`,
      xmlHeaders,
    );
    expect(r.status).toBe(200);
    expect(r.text).toMatch(/<int>\d+<\/int>/);
  });

  it('rejects comments from outside the group (403), on unknown posts (404) and malformed bodies (400)', async () => {
    const postId = post(p.owner.id, 'Members only');
    expect(
      (await call(s.url, p.observer.token, 'POST', '/api/post_comments', { PostId: postId, Text: 'hi' })).status,
    ).toBe(403);
    expect(
      (await call(s.url, p.colleague.token, 'POST', '/api/post_comments', { PostId: 999999, Text: 'hi' })).status,
    ).toBe(404);
    const noText = await call(s.url, p.colleague.token, 'POST', '/api/post_comments', { PostId: postId, Text: ' ' });
    expect(noText.status).toBe(400);
    expect(noText.body.Errors).toHaveProperty('Text');
    const noPost = await call(s.url, p.colleague.token, 'POST', '/api/post_comments', { Text: 'hi' });
    expect(noPost.status).toBe(400);
    expect(noPost.body.Errors).toHaveProperty('PostId');
    const badParent = await call(s.url, p.colleague.token, 'POST', '/api/post_comments', {
      PostId: postId,
      Text: 'hi',
      ParentCommentId: 999999,
    });
    expect(badParent.status).toBe(400);
    expect(badParent.body.Errors).toHaveProperty('ParentCommentId');
  });

  it('ranks users by posts plus comments, highest first', async () => {
    const r = await call(s.url, p.owner.token, 'GET', `/api/community/${group}/user-activity`);
    expect(r.status).toBe(200);
    const totals = r.body.Items.map((u: { Total: number }) => u.Total);
    expect(totals).toEqual([...totals].sort((a: number, b: number) => b - a));
    const owner = r.body.Items.find((u: { UserId: number }) => u.UserId === p.owner.id);
    const ownerPosts = p.ctx.db
      .prepare('SELECT COUNT(*) FROM community_posts WHERE author_id = ? AND community_id = ?')
      .pluck()
      .get(p.owner.id, group);
    expect(owner).toMatchObject({ PostCount: ownerPosts, Total: owner.PostCount + owner.CommentCount });
    expect(r.body.Items[0].UserId).toBe(p.owner.id);
    expect((await call(s.url, p.owner.token, 'GET', '/api/community/999999/user-activity')).status).toBe(404);
  });

  it('counts posts and comments per day', async () => {
    const r = await call(s.url, p.owner.token, 'GET', `/api/community/${group}/post-activity?days=7`);
    expect(r.status).toBe(200);
    expect(r.body.Items).toHaveLength(7);
    expect(r.body.Items[6].Date).toBe(new Date(clock).toISOString().slice(0, 10));
    const postsToday = p.ctx.db
      .prepare('SELECT COUNT(*) FROM community_posts WHERE community_id = ?')
      .pluck()
      .get(group);
    expect(r.body.Items[6].Posts).toBe(postsToday);
    expect(r.body.Items[6].Comments).toBe(3);
    expect(r.body.Items[0]).toEqual({ Date: expect.any(String), Posts: 0, Comments: 0 });
    const bad = await call(s.url, p.owner.token, 'GET', `/api/community/${group}/post-activity?days=0`);
    expect(bad.status).toBe(400);
    expect((await call(s.url, p.owner.token, 'GET', '/api/community/999999/post-activity')).status).toBe(404);
  });

  it('lists the most recent posts', async () => {
    const latest = post(p.colleague.id, 'Latest news #science');
    const r = await call(s.url, p.owner.token, 'GET', `/api/community/${group}/post-recent?count=2`);
    expect(r.status).toBe(200);
    expect(r.body.Items).toHaveLength(2);
    expect(r.body.Items[0].Id).toBe(latest);
    expect((await call(s.url, p.owner.token, 'GET', '/api/community/999999/post-recent')).status).toBe(404);
  });

  it('reports recent and popular hashtags from post text', async () => {
    const recent = await call(s.url, p.owner.token, 'GET', `/api/community/${group}/hashtags-recent`);
    expect(recent.status).toBe(200);
    expect(recent.body.Items.map((t: { Tag: string }) => t.Tag)).toEqual(['science', 'mentoring']);
    const popular = await call(s.url, p.owner.token, 'GET', `/api/community/${group}/hashtags-popular`);
    expect(popular.body.Items).toEqual([
      { Tag: 'science', Count: 2, LastUsedAt: expect.any(String) },
      { Tag: 'mentoring', Count: 2, LastUsedAt: expect.any(String) },
    ]);
    expect((await call(s.url, p.owner.token, 'GET', '/api/community/999999/hashtags-recent')).status).toBe(404);
    expect((await call(s.url, p.owner.token, 'GET', '/api/community/999999/hashtags-popular')).status).toBe(404);
  });

  it('lists the group’s files with orderByDirection and uploadedByMe', async () => {
    const insert = p.ctx.db.prepare(
      `INSERT INTO files (uploader_id, target_kind, target_id, name, size, content_type, path, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    insert.run(
      p.owner.id,
      'community',
      group,
      'scheme.pdf',
      1200,
      'application/pdf',
      'files/a/scheme.pdf',
      '2026-03-01T10:00:00Z',
    );
    insert.run(
      p.colleague.id,
      'community',
      group,
      'notes.txt',
      30,
      'text/plain',
      'files/b/notes.txt',
      '2026-03-01T11:00:00Z',
    );
    insert.run(p.owner.id, 'portfolio', group, 'not-this.txt', 30, 'text/plain', 'files/c.txt', '2026-03-01T12:00:00Z');
    const r = await call(s.url, p.colleague.token, 'GET', `/api/community/${group}/files`);
    expect(r.body.Items.map((f: { Name: string }) => f.Name)).toEqual(['notes.txt', 'scheme.pdf']);
    expect(r.body.Items[1]).toMatchObject({
      Size: 1200,
      ContentType: 'application/pdf',
      UploadedById: p.owner.id,
      Url: `${s.url}/media/files/a/scheme.pdf`,
    });
    const asc = await call(
      s.url,
      p.colleague.token,
      'GET',
      `/api/community/${group}/files?orderByDirection=ASC&uploadedByMe=true`,
    );
    expect(asc.body.Items.map((f: { Name: string }) => f.Name)).toEqual(['notes.txt']);
    const bad = await call(s.url, p.colleague.token, 'GET', `/api/community/${group}/files?orderByDirection=sideways`);
    expect(bad.status).toBe(400);
    expect((await call(s.url, p.owner.token, 'GET', '/api/community/999999/files')).status).toBe(404);
    // Deleting the group removes its file records too.
    expect((await call(s.url, p.owner.token, 'DELETE', `/api/communities/${group}`)).status).toBe(204);
    const left = p.ctx.db
      .prepare("SELECT COUNT(*) FROM files WHERE target_kind = 'community' AND target_id = ?")
      .pluck()
      .get(group);
    expect(left).toBe(0);
  });
});
