import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvokeChannel, InvokeContract, InvokeData } from '../../../preload/contract';
import { createInvitesApi } from '../../../main/api/invites';
import type { TestApp } from '../../support/app-host';
import { call, callWithAnything, data as dataOf, startDemoApps, type DemoApps } from '../../support/browse-app';

/** Every groups channel through the real handler table (dispatch included) against the demo sandbox. */

const ADMIN = 'admin@northbridge.example';
const TEACHER = 'teacher@northbridge.example';

let demo: DemoApps;
let admin: TestApp;
let teacher: TestApp;

/** The data of a call that must succeed. */
async function data<C extends InvokeChannel>(
  app: TestApp,
  channel: C,
  ...args: Parameters<InvokeContract[C]>
): Promise<InvokeData<C>> {
  return dataOf(await call(app, channel, ...args));
}

beforeAll(async () => {
  demo = await startDemoApps();
  admin = await demo.signedIn(ADMIN, { start: false });
  teacher = await demo.signedIn(TEACHER, { start: false });
});
afterAll(() => demo?.stop());

const northbridge = () => teacher.composition.session.state().defaultOrganisationId!;

describe('finding groups', () => {
  it('my groups: a page at a time, only those I manage, by newest, by label', async () => {
    const first = await data(teacher, 'groups:list-mine', { pageSize: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.hasNextPage).toBe(true);
    const second = await data(teacher, 'groups:list-mine', { pageSize: 2, pageNumber: 2 });
    expect(second.items.map((g) => g.id)).not.toContain(first.items[0]!.id);

    const managed = await data(admin, 'groups:list-mine', { administrators: true });
    expect(managed.items.length).toBeGreaterThan(0);
    expect(managed.items.every((group) => group.isAdmin)).toBe(true);

    const newest = await data(teacher, 'groups:list-mine', { orderBy: 'CREATESTAMP', orderByDirection: 'DESC' });
    const stamps = newest.items.map((group) => group.createdAt!);
    expect(stamps).toEqual([...stamps].sort().reverse());

    const { labels } = await data(teacher, 'group-labels:list-organisation');
    const mentoring = labels.find((label) => label.name === 'Mentoring')!;
    const labelled = await data(teacher, 'groups:list-mine', { labelIds: [mentoring.id] });
    for (const group of labelled.items) expect(group.labels.map((l) => l.name)).toContain('Mentoring');
  });

  it('my organisation’s groups: my default organisation, by sharing type and label', async () => {
    const { items: all, totalCount } = await data(teacher, 'groups:list-organisation', {});
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(totalCount).toBe(all.length);
    expect(all.every((group) => group.organisationId === northbridge())).toBe(true);
    const banks = await data(teacher, 'groups:list-organisation', { type: 5 });
    expect(banks.items.map((group) => group.name)).toEqual(['Maths video bank']);

    // The service answers them all at once; the page gets slices of the one answer, in order.
    const first = await data(teacher, 'groups:list-organisation', { pageNumber: 1, pageSize: 4 });
    const second = await data(teacher, 'groups:list-organisation', { pageNumber: 2, pageSize: 4 });
    expect(first.hasNextPage).toBe(true);
    expect([...first.items, ...second.items].map((group) => group.id)).toEqual(
      all.slice(0, first.items.length + second.items.length).map((group) => group.id),
    );
    expect(second.hasNextPage).toBe(all.length > 8);
    const { labels } = await data(teacher, 'group-labels:list-organisation', northbridge());
    const mentoring = labels.find((label) => label.name === 'Mentoring')!;
    const labelled = await data(teacher, 'groups:list-organisation', {
      organisationId: northbridge(),
      labelIds: [mentoring.id],
    });
    expect(labelled.items).toHaveLength(mentoring.communityCount!);
  });

  it('search over all: name, organisation, visibility, labels, created by me, paged', async () => {
    const found = await data(teacher, 'groups:search', {
      name: 'maths',
      organisationId: northbridge(),
      visibility: '3',
    });
    expect(found.items.map((group) => group.name)).toEqual(['Maths video bank']);
    const paged = await data(teacher, 'groups:search', { pageSize: 3 });
    expect(paged.items).toHaveLength(3);
    expect(paged.totalCount).toBeGreaterThan(3);
    const mine = await data(admin, 'groups:search', { createdByMe: true });
    expect(mine.items.length).toBeGreaterThan(0);
    const adminId = admin.composition.session.state().user!.id;
    expect(mine.items.every((group) => group.createdById === adminId)).toBe(true);
  });
});

describe('one group', () => {
  it('comes with its images, its features, and whether I may manage it', async () => {
    const [science] = (await data(teacher, 'groups:search', { name: 'Year 7 Science', organisationId: northbridge() }))
      .items;
    const asTeacher = await data(teacher, 'groups:get', science!.id);
    expect(asTeacher.group).toMatchObject({ id: science!.id, name: 'Year 7 Science mentors' });
    expect(asTeacher.group.coverImageUrl).toContain('/media/');
    expect(asTeacher.features).toEqual({ activity: true, timeline: true, video: true, file: true });
    const teacherId = teacher.composition.session.state().user!.id;
    expect(asTeacher.canManage).toBe(asTeacher.group.administratorIds.includes(teacherId));
    // The organisation's administrator manages every group of it, listed as its admin or not.
    expect((await data(admin, 'groups:get', science!.id)).canManage).toBe(true);
  });

  it('an unknown group is NOT_FOUND', async () => {
    const result = await call(teacher, 'groups:get', 999_999);
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('managing a group', () => {
  it('a teacher creates a group, manages it, edits, switches a feature and deletes it', async () => {
    const id = await data(teacher, 'groups:create', { name: '  Phonics cohort ', description: 'Spring', typeId: 4 });
    const created = await data(teacher, 'groups:get', id);
    expect(created).toMatchObject({ canManage: true, group: { name: 'Phonics cohort', typeId: 4 } });

    const edited = await data(teacher, 'groups:update', id, {
      name: 'Phonics 2027',
      description: 'Line one\nLine two',
    });
    expect(edited.group).toMatchObject({ name: 'Phonics 2027', description: 'Line one\nLine two', typeId: 4 });

    expect(await data(teacher, 'groups:set-features', id, { file: false })).toEqual({
      activity: true,
      timeline: true,
      video: true,
      file: false,
    });
    expect((await data(teacher, 'groups:get-features', id)).file).toBe(false);
    // Editing the name keeps the switches as they were.
    await data(teacher, 'groups:update', id, { name: 'Phonics 2027', description: '' });
    expect((await data(teacher, 'groups:get', id)).features.file).toBe(false);

    expect(await data(teacher, 'groups:delete', id)).toBeNull();
    expect(await call(teacher, 'groups:get', id)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('someone who does not manage a group is refused with FORBIDDEN', async () => {
    const id = await data(admin, 'groups:create', { name: 'Admin only', description: '', typeId: 1 });
    for (const attempt of [
      call(teacher, 'groups:update', id, { name: 'Mine now', description: '' }),
      call(teacher, 'groups:set-features', id, { video: false }),
      call(teacher, 'groups:delete', id),
      call(teacher, 'group-labels:attach', id, 'Hijacked'),
    ]) {
      expect(await attempt).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
    expect((await data(teacher, 'groups:get', id)).canManage).toBe(false);
  });

  it('garbage from the page is refused before the service is asked', async () => {
    expect(await call(teacher, 'groups:create', { name: '', description: '', typeId: 1 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    expect(await callWithAnything(teacher, 'groups:get', ['12'])).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
  });
});

describe('labels', () => {
  it('attached by name reusing the organisation’s label, detached, renamed everywhere, deleted', async () => {
    const id = await data(admin, 'groups:create', { name: 'Labelled', description: '', typeId: 1 });
    const attached = await data(admin, 'group-labels:attach', id, 'mentoring');
    expect(attached.name).toBe('Mentoring');
    const fresh = await data(admin, 'group-labels:attach', id, 'Oracy');
    expect((await data(admin, 'groups:get', id)).group.labels.map((l) => l.name).sort()).toEqual([
      'Mentoring',
      'Oracy',
    ]);
    expect(await data(admin, 'group-labels:detach', id, attached.id)).toBeNull();

    const organisation = await data(admin, 'group-labels:list-organisation');
    expect(organisation.canManage).toBe(true);
    expect(organisation.labels.find((l) => l.id === fresh.id)?.communityCount).toBe(1);
    expect(await data(admin, 'group-labels:rename', organisation.organisationId, fresh.id, 'Oracy and talk')).toEqual({
      id: fresh.id,
      name: 'Oracy and talk',
    });
    expect((await data(teacher, 'groups:get', id)).group.labels.map((l) => l.name)).toEqual(['Oracy and talk']);
    expect(await data(admin, 'group-labels:delete', organisation.organisationId, fresh.id)).toBeNull();
    expect((await data(admin, 'groups:get', id)).group.labels).toEqual([]);
  });

  it('a rename to a name that is taken is CONFLICT naming it; a teacher may list but not rename', async () => {
    const { organisationId, labels, canManage } = await data(teacher, 'group-labels:list-organisation');
    expect(canManage).toBe(false);
    const science = labels.find((l) => l.name === 'Science')!;
    const clash = await call(admin, 'group-labels:rename', organisationId, science.id, 'MATHS');
    expect(clash).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(!clash.ok && clash.error.message).toContain('already a label called “MATHS”');
    expect(await call(teacher, 'group-labels:rename', organisationId, science.id, 'Sci')).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
  });
});

describe('invitations', () => {
  it('my invites, and accepting one makes me a member of the group', async () => {
    const id = await data(admin, 'groups:create', { name: 'Invited reading group', description: '', typeId: 3 });
    await createInvitesApi(admin.composition.session.http()).inviteByEmail(id, [TEACHER]);
    const invites = await data(teacher, 'group-invites:list-mine', { searchTerm: 'Invited reading' });
    const invite = invites.find((i) => i.communityId === id)!;
    expect(invite).toMatchObject({ communityName: 'Invited reading group', invitedByName: expect.any(String) });
    const joined = await data(teacher, 'group-invites:accept', invite.hash);
    expect(joined).toMatchObject({ id, isMember: true });
    expect((await data(teacher, 'group-invites:list-mine')).map((i) => i.communityId)).not.toContain(id);
    expect((await data(teacher, 'groups:list-mine', { name: 'Invited reading' })).items.map((g) => g.id)).toEqual([id]);
  });

  it('an unknown invite code is NOT_FOUND', async () => {
    expect(await call(teacher, 'group-invites:accept', '0'.repeat(32))).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });
});

describe('signed out', () => {
  it('every read answers UNAUTHENTICATED', async () => {
    const app = await demo.signedOut({ start: false });
    expect(await call(app, 'groups:list-mine', {})).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(await call(app, 'group-labels:list-organisation')).toMatchObject({
      ok: false,
      error: { code: 'UNAUTHENTICATED' },
    });
  });
});
