import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommunitiesApi, type CommunitiesApi } from '../../../main/api/communities';
import { createCommunityContentApi } from '../../../main/api/community-content';
import { createCommunityMembersApi } from '../../../main/api/community-members';
import type { ServiceHttp } from '../../../main/api/http';
import { createInvitesApi } from '../../../main/api/invites';
import { createLabelsApi } from '../../../main/api/labels';
import { createPostCommentsApi } from '../../../main/api/post-comments';
import type { RunningSandbox } from '../../support/sandbox.js';
import { askingForXml, connectAs } from './browse-support';
import { failure, pagesCarryMetadata, recordingLogger, startDemoSandbox } from './support';

let running: RunningSandbox;
const { log } = recordingLogger();
const opened: ServiceHttp[] = [];
const ADMIN = 'admin@northbridge.example';
const TEACHER = 'teacher@northbridge.example';
const OUTSIDER = 'mentor@lakeside.example';

let admin: ServiceHttp;
let teacher: ServiceHttp;
let northbridgeId: number;
let teacherId: number;

beforeAll(async () => {
  running = await startDemoSandbox();
  admin = await connectAs(running.url, ADMIN, log, opened);
  teacher = await connectAs(running.url, TEACHER, log, opened);
  const groups = await createCommunitiesApi(admin).listMyCommunities({ administrators: true });
  northbridgeId = groups.items.find((g) => g.organisationName === 'Northbridge University')!.organisationId!;
  const people = await createCommunityMembersApi(admin).listNonMembers(
    (await newGroup(createCommunitiesApi(admin), 'Lookup')).id,
  );
  teacherId = people.find((p) => p.email === TEACHER)!.id;
});
afterAll(async () => {
  opened.forEach((http) => http.dispose());
  await running.stop();
});

async function newGroup(api: CommunitiesApi, name: string) {
  const id = await api.createCommunity({ name: `${name} ${Date.now()}`, description: 'Made by a test', typeId: 1 });
  return api.getCommunity(id);
}

describe('finding groups', () => {
  it('finds the groups carrying a label, page by page', async () => {
    const api = createCommunitiesApi(teacher);
    const labels = await createLabelsApi(teacher).listOrganisationLabels(northbridgeId);
    const mentoring = labels.find((label) => label.name === 'Mentoring')!;
    expect(mentoring.communityCount).toBeGreaterThanOrEqual(2);
    const first = await api.listCommunities({ labelIds: [mentoring.id], organisationId: northbridgeId, pageSize: 1 });
    expect(first.items).toHaveLength(1);
    if (pagesCarryMetadata) {
      expect(first).toMatchObject({ totalCount: mentoring.communityCount, pageNumber: 1, hasNextPage: true });
    }
    const second = await api.listCommunities({
      labelIds: [mentoring.id],
      organisationId: northbridgeId,
      pageSize: 1,
      pageNumber: 2,
    });
    expect(second.items.map((g) => g.id)).not.toContain(first.items[0]!.id);
    const all = await api.listCommunities({ labelIds: [mentoring.id], organisationId: northbridgeId });
    expect(all.items).toHaveLength(mentoring.communityCount!);
    for (const group of all.items) expect(group.labels.map((l) => l.name)).toContain('Mentoring');
  });

  it('lists only the groups the person administers, and an organisation’s groups by name', async () => {
    const mine = await createCommunitiesApi(admin).listMyCommunities({ administrators: true });
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((group) => group.isAdmin)).toBe(true);
    const found = await createCommunitiesApi(teacher).organisationCommunities(northbridgeId, { name: 'maths' });
    const maths = found.slice(0, found.length);
    expect(maths.map((g) => [g.name, g.typeId])).toEqual([['Maths video bank', 2]]);
  });

  it("reads the organisation's groups a page at a time, in the whole list's order", async () => {
    const api = createCommunitiesApi(teacher);
    const whole = await api.organisationCommunities(northbridgeId);
    const first = await api.organisationCommunitiesPage(northbridgeId, 1, 2);
    const second = await api.organisationCommunitiesPage(northbridgeId, 2, 2);
    // Under `--wire bare-lists` a page has no total; the app then waits for the whole list instead.
    if (pagesCarryMetadata) expect(first.totalCount).toBe(whole.length);
    expect([...first.items, ...second.items].map((g) => g.id)).toEqual(whole.slice(0, 4).map((g) => g.id));
    const maths = await api.organisationCommunitiesPage(northbridgeId, 1, 10, { name: 'maths' });
    expect(maths.items.map((g) => g.name)).toEqual(['Maths video bank']);
  });

  it('reads one group with its labels, counts, images and features', async () => {
    const api = createCommunitiesApi(teacher);
    const [listed] = (await api.listCommunities({ name: 'Year 7 Science', organisationId: northbridgeId })).items;
    const group = await api.getCommunity(listed!.id);
    expect(group).toEqual(listed);
    expect(group).toMatchObject({ name: 'Year 7 Science mentors', organisationId: northbridgeId });
    expect(group.memberCount).toBeGreaterThan(1);
    expect(group.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const images = await api.getCommunityImages(group.id);
    expect(images.coverImageUrl).toContain('/media/');
    expect(await api.getFeatures(group.id)).toEqual(group.features);
  });
});

describe('managing a group', () => {
  it('creates, changes and deletes a group with the fixed values added for the caller', async () => {
    const api = createCommunitiesApi(admin);
    const id = await api.createCommunity({ name: 'Phonics cohort', description: 'Spring term', typeId: 4 });
    const created = await api.getCommunity(id);
    expect(created).toMatchObject({ name: 'Phonics cohort', typeId: 4, isAdmin: true, memberCount: 1 });
    await api.updateCommunity(id, {
      name: 'Phonics cohort 2027',
      description: 'Summer term',
      features: { file: false },
      profileBackgroundColor: '#12ab34',
    });
    const changed = await api.getCommunity(id);
    expect(changed).toMatchObject({ name: 'Phonics cohort 2027', description: 'Summer term', typeId: 4 });
    expect(changed.profileBackgroundColor).toBe('#12AB34');
    expect(changed.features).toEqual({ activity: true, timeline: true, video: true, file: false });
    await api.deleteCommunity(id);
    expect((await failure(() => api.getCommunity(id))).code).toBe('NOT_FOUND');
  });

  it('switches single features, and refuses a member who does not manage the group', async () => {
    const api = createCommunitiesApi(admin);
    const group = await newGroup(api, 'Features');
    expect(await api.updateFeatures(group.id, { timeline: false })).toEqual({
      activity: true,
      timeline: false,
      video: true,
      file: true,
    });
    await createCommunityMembersApi(admin).addMember(group.id, teacherId);
    const error = await failure(() => createCommunitiesApi(teacher).updateFeatures(group.id, { video: false }));
    expect(error.code).toBe('FORBIDDEN');
  });

  it('an empty name is VALIDATION naming the field', async () => {
    const error = await failure(() =>
      createCommunitiesApi(admin).createCommunity({ name: '', description: '', typeId: 1 }),
    );
    expect(error.code).toBe('VALIDATION');
    expect(error.details?.fields).toHaveProperty('Name');
  });
});

describe('members', () => {
  it('adds, promotes and removes a member as a group admin', async () => {
    const group = await newGroup(createCommunitiesApi(admin), 'Members');
    const members = createCommunityMembersApi(admin);
    expect((await members.listNonMembers(group.id)).map((p) => p.id)).toContain(teacherId);
    expect(await members.addMember(group.id, teacherId)).toBe(teacherId);
    const added = (await members.listMembers(group.id)).find((m) => m.id === teacherId);
    expect(added).toMatchObject({ email: TEACHER, isAdmin: false, isAccepted: true });
    expect((await members.listMembers(group.id, { onlyUsers: true })).map((m) => m.id)).toEqual([teacherId]);
    await members.promoteMember(group.id, teacherId);
    expect((await members.listMembers(group.id)).find((m) => m.id === teacherId)?.isAdmin).toBe(true);
    expect(await members.listMembers(group.id, { onlyUsers: true })).toEqual([]);
    await members.removeMember(group.id, teacherId);
    expect((await members.listMembers(group.id)).map((m) => m.id)).not.toContain(teacherId);
  });

  it('a member who is not an admin cannot add people', async () => {
    const group = await newGroup(createCommunitiesApi(admin), 'Members only');
    await createCommunityMembersApi(admin).addMember(group.id, teacherId);
    const someone = (await createCommunityMembersApi(admin).listNonMembers(group.id))[0]!;
    const error = await failure(() => createCommunityMembersApi(teacher).addMember(group.id, someone.id));
    expect(error.code).toBe('FORBIDDEN');
  });
});

describe('labels', () => {
  it('attaches by name reusing the organisation’s label, detaches, renames everywhere and deletes', async () => {
    const group = await newGroup(createCommunitiesApi(admin), 'Labels');
    const labels = createLabelsApi(admin);
    const mentoring = (await labels.listOrganisationLabels(northbridgeId)).find((l) => l.name === 'Mentoring')!;
    expect(await labels.attachLabel(group.id, 'mentoring')).toEqual({ id: mentoring.id, name: 'Mentoring' });
    const fresh = await labels.attachLabel(group.id, 'Oracy');
    expect((await labels.listCommunityLabels(group.id)).map((l) => l.name).sort()).toEqual(['Mentoring', 'Oracy']);
    expect(await labels.renameLabel(northbridgeId, fresh.id, 'Oracy and talk')).toEqual({
      id: fresh.id,
      name: 'Oracy and talk',
    });
    expect((await createCommunitiesApi(teacher).getCommunity(group.id)).labels.map((l) => l.name)).toContain(
      'Oracy and talk',
    );
    await labels.detachLabel(group.id, mentoring.id);
    expect((await labels.listCommunityLabels(group.id)).map((l) => l.id)).toEqual([fresh.id]);
    await labels.deleteLabel(northbridgeId, fresh.id);
    expect((await labels.listOrganisationLabels(northbridgeId)).map((l) => l.id)).not.toContain(fresh.id);
    expect(await labels.listCommunityLabels(group.id)).toEqual([]);
  });

  it('renaming to a name another label has is CONFLICT saying the name is taken', async () => {
    const labels = createLabelsApi(admin);
    const all = await labels.listOrganisationLabels(northbridgeId);
    const science = all.find((l) => l.name === 'Science')!;
    const error = await failure(() => labels.renameLabel(northbridgeId, science.id, 'MATHS'));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toMatch(/already a label called “MATHS”/);
    expect((await labels.listOrganisationLabels(northbridgeId)).find((l) => l.id === science.id)?.name).toBe('Science');
  });

  it('a teacher cannot rename labels, and people outside the organisation cannot read a group’s labels', async () => {
    const science = (await createLabelsApi(teacher).listOrganisationLabels(northbridgeId)).find(
      (l) => l.name === 'Science',
    )!;
    expect((await failure(() => createLabelsApi(teacher).renameLabel(northbridgeId, science.id, 'Sci'))).code).toBe(
      'FORBIDDEN',
    );
    const group = (await createCommunitiesApi(teacher).listCommunities({ organisationId: northbridgeId })).items[0]!;
    const outsider = await connectAs(running.url, OUTSIDER, log, opened);
    expect((await failure(() => createLabelsApi(outsider).listCommunityLabels(group.id))).code).toBe('FORBIDDEN');
  });
});

describe('timeline and post comments', () => {
  it('reads posts with their comments, files, activity and hashtags', async () => {
    const api = createCommunitiesApi(teacher);
    const [group] = (await api.listCommunities({ name: 'Year 7 Science', organisationId: northbridgeId })).items;
    const content = createCommunityContentApi(teacher);
    const page = await content.listPosts(group!.id, { pageSize: 2 });
    expect(page.items).toHaveLength(2);
    if (pagesCarryMetadata) expect(page.totalCount).toBeGreaterThanOrEqual(4);
    const [newest, older] = page.items;
    expect(newest!.createdAt >= older!.createdAt).toBe(true);
    expect(newest!.authorName).not.toBe('');
    expect(newest!.author?.id).toBeGreaterThan(0);
    expect(newest!.commentCount).toBe(newest!.comments.length);
    const recent = await content.listRecentPosts(group!.id, { count: 1 });
    expect(recent.map((p) => p.id)).toEqual([newest!.id]);
    expect((await content.listFiles(group!.id))[0]).toMatchObject({
      name: expect.any(String),
      url: expect.any(String),
    });
    const activity = await content.getMemberActivity(group!.id);
    expect(activity.map((a) => a.total)).toEqual([...activity.map((a) => a.total)].sort((a, b) => b - a));
    const days = await content.getPostActivity(group!.id, { days: 7 });
    expect(days).toHaveLength(7);
    expect(days[6]!.date).toBe(new Date().toISOString().slice(0, 10));
    const recentTags = await content.listRecentHashtags(group!.id);
    expect(recentTags.map((h) => h.tag)).toContain('science');
    const popular = await content.listPopularHashtags(group!.id);
    expect(popular[0]!.count).toBeGreaterThanOrEqual(popular.at(-1)!.count);
  });

  it('comments on a post and replies to the comment', async () => {
    const [group] = (await createCommunitiesApi(teacher).listMyCommunities()).items;
    const content = createCommunityContentApi(teacher);
    const [post] = (await content.listPosts(group!.id)).items;
    const comments = createPostCommentsApi(teacher);
    const commentId = await comments.addPostComment({ postId: post!.id, text: 'Great #routine, thank you' });
    const replyId = await comments.addPostComment({ postId: post!.id, text: 'Agreed', parentCommentId: commentId });
    const after = (await content.listPosts(group!.id)).items.find((p) => p.id === post!.id)!;
    expect(after.comments.find((c) => c.id === commentId)).toMatchObject({ text: 'Great #routine, thank you' });
    expect(after.comments.find((c) => c.id === replyId)).toMatchObject({ text: 'Agreed', parentCommentId: commentId });
    expect(after.commentCount).toBe(post!.commentCount + 2);
  });

  it('people outside the group cannot comment', async () => {
    const [group] = (await createCommunitiesApi(teacher).listMyCommunities()).items;
    const [post] = (await createCommunityContentApi(teacher).listPosts(group!.id)).items;
    const outsider = await connectAs(running.url, OUTSIDER, log, opened);
    const error = await failure(() => createPostCommentsApi(outsider).addPostComment({ postId: post!.id, text: 'Hi' }));
    expect(error.code).toBe('FORBIDDEN');
  });
});

describe('invites', () => {
  it('invites by email; the invitee sees the invite and joins with it', async () => {
    const group = await newGroup(createCommunitiesApi(admin), 'Invite');
    const outcome = await createInvitesApi(admin).inviteByEmail(group.id, [TEACHER, 'not-an-address'], 'Join us');
    expect(outcome).toMatchObject({ totalInvites: 2, invited: [TEACHER], failed: ['not-an-address'] });
    const invites = createInvitesApi(teacher);
    const invite = (await invites.listMyInvites({ searchTerm: 'Invite' })).find((i) => i.communityId === group.id)!;
    expect(invite).toMatchObject({ communityName: group.name, hash: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const joined = await invites.acceptInvite(invite.hash);
    expect(joined).toMatchObject({ id: group.id, isMember: true });
    expect((await invites.listMyInvites()).map((i) => i.communityId)).not.toContain(group.id);
  });

  it('an unknown invite code is NOT_FOUND', async () => {
    expect((await failure(() => createInvitesApi(teacher).acceptInvite('0'.repeat(32)))).code).toBe('NOT_FOUND');
  });
});

describe('over XML', () => {
  it('reads the same groups, members, labels, posts and new ids from XML answers', async () => {
    const xml = askingForXml(teacher);
    const json = createCommunitiesApi(teacher);
    const query = { organisationId: northbridgeId, pageSize: 3 };
    const fromXml = await createCommunitiesApi(xml).listCommunities(query);
    expect(fromXml).toEqual(await json.listCommunities(query));
    const id = fromXml.items[0]!.id;
    expect(await createCommunitiesApi(xml).getCommunity(id)).toEqual(await json.getCommunity(id));
    expect(await createCommunityMembersApi(xml).listMembers(id)).toEqual(
      await createCommunityMembersApi(teacher).listMembers(id),
    );
    expect(await createLabelsApi(xml).listOrganisationLabels(northbridgeId)).toEqual(
      await createLabelsApi(teacher).listOrganisationLabels(northbridgeId),
    );
    const [mine] = (await json.listMyCommunities()).items;
    expect(await createCommunityContentApi(xml).listPosts(mine!.id)).toEqual(
      await createCommunityContentApi(teacher).listPosts(mine!.id),
    );
    const created = await createCommunitiesApi(askingForXml(admin)).createCommunity({
      name: 'Over XML',
      description: '',
      typeId: 1,
    });
    expect((await createCommunitiesApi(admin).getCommunity(created)).name).toBe('Over XML');
  });
});
