import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call } from '../../support/sandbox-api.js';
import { addMember } from '../../../sandbox/src/domain/groups.js';
import { createGroup, people, xmlHeaders } from './groups-fixtures.js';

describe('group and organisation labels', () => {
  let s: RunningSandbox;
  let p: ReturnType<typeof people>;
  let science: number;
  let physics: number;
  beforeAll(async () => {
    s = await startSandbox();
    p = people(s);
    science = await createGroup(s, p.owner, { Name: 'Year 7 Science mentors' });
    physics = await createGroup(s, p.owner, { Name: 'Physics department' });
    addMember(p.ctx, p.owner.id, science, p.colleague.id, false);
  });
  afterAll(async () => s.stop());

  const attach = (token: string, group: number, name: string) =>
    call(s.url, token, 'POST', `/api/communities/${group}/labels`, { Name: name });

  it('creates a label on first use and reuses it case-insensitively in the same organisation', async () => {
    const first = await attach(p.owner.token, science, 'STEM');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ Id: expect.any(Number), Name: 'STEM', OrganisationId: p.org });
    const again = await attach(p.owner.token, physics, 'stem');
    expect(again.body).toEqual(first.body);
    const orgLabels = await call(s.url, p.colleague.token, 'GET', `/api/organisations/${p.org}/labels`);
    expect(orgLabels.body.filter((l: { Name: string }) => l.Name.toLowerCase() === 'stem')).toEqual([
      { ...first.body, CommunityCount: 2 },
    ]);
  });

  it('lets group members, organisation observers and admins read a group’s labels', async () => {
    await attach(p.owner.token, science, 'KS3');
    for (const reader of [p.owner, p.colleague, p.observer, p.orgAdmin]) {
      const r = await call(s.url, reader.token, 'GET', `/api/communities/${science}/labels`);
      expect(r.status).toBe(200);
      expect(r.body.map((l: { Name: string }) => l.Name)).toEqual(expect.arrayContaining(['KS3', 'STEM']));
    }
  });

  it('answers 403 to an organisation member outside the group and 401 to a non-member of the organisation', async () => {
    expect((await call(s.url, p.siteAdmin.token, 'GET', `/api/communities/${physics}/labels`)).status).toBe(403);
    const r = await call(s.url, p.outsider.token, 'GET', `/api/communities/${science}/labels`);
    expect(r.status).toBe(401);
    expect((await call(s.url, p.owner.token, 'GET', '/api/communities/999999/labels')).status).toBe(404);
  });

  it('lets only group admins and organisation admins attach and detach', async () => {
    expect((await attach(p.colleague.token, science, 'Nope')).status).toBe(403);
    expect((await attach(p.observer.token, science, 'Nope')).status).toBe(403);
    const byOrgAdmin = await attach(p.orgAdmin.token, science, 'Mentoring');
    expect(byOrgAdmin.status).toBe(200);
    const labelId = byOrgAdmin.body.Id;
    expect(
      (await call(s.url, p.colleague.token, 'DELETE', `/api/communities/${science}/labels/${labelId}`)).status,
    ).toBe(403);
    const detached = await call(s.url, p.owner.token, 'DELETE', `/api/communities/${science}/labels/${labelId}`);
    expect(detached.status).toBe(200);
    const remaining = await call(s.url, p.owner.token, 'GET', `/api/communities/${science}/labels`);
    expect(remaining.body.map((l: { Id: number }) => l.Id)).not.toContain(labelId);
    // Detaching only removes the assignment: the organisation keeps the label.
    const orgLabels = await call(s.url, p.owner.token, 'GET', `/api/organisations/${p.org}/labels`);
    expect(orgLabels.body).toContainEqual({ Id: labelId, Name: 'Mentoring', OrganisationId: p.org, CommunityCount: 0 });
    expect((await call(s.url, p.owner.token, 'DELETE', `/api/communities/${science}/labels/${labelId}`)).status).toBe(
      404,
    );
  });

  it('rejects an empty label name with 400 naming Name, and unknown groups with 404', async () => {
    const r = await attach(p.owner.token, science, '  ');
    expect(r.status).toBe(400);
    expect(r.body.Errors).toHaveProperty('Name');
    expect((await attach(p.owner.token, 999999, 'X')).status).toBe(404);
  });

  it('accepts and answers XML for attaching a label', async () => {
    const r = await call(
      s.url,
      p.owner.token,
      'POST',
      `/api/communities/${physics}/labels`,
      '<CommunityLabelPost><Name>Practicals</Name></CommunityLabelPost>',
      xmlHeaders,
    );
    expect(r.status).toBe(200);
    expect(r.text).toMatch(
      /<Response><Id>\d+<\/Id><Name>Practicals<\/Name><OrganisationId>\d+<\/OrganisationId><\/Response>/,
    );
  });

  it('renames organisation-wide, visible on every group carrying the label', async () => {
    const label = (await attach(p.owner.token, science, 'Year 7')).body;
    await attach(p.owner.token, physics, 'year 7');
    const r = await call(s.url, p.orgAdmin.token, 'PUT', `/api/organisations/${p.org}/labels/${label.Id}`, {
      Name: 'Year Seven',
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ Id: label.Id, Name: 'Year Seven', OrganisationId: p.org });
    for (const group of [science, physics]) {
      const labels = (await call(s.url, p.owner.token, 'GET', `/api/communities/${group}/labels`)).body;
      expect(labels).toContainEqual({ Id: label.Id, Name: 'Year Seven', OrganisationId: p.org });
    }
    const g = await call(s.url, p.owner.token, 'GET', `/api/communities/${physics}`);
    expect(g.body.Labels).toContainEqual({ Id: label.Id, Name: 'Year Seven', OrganisationId: p.org });
    // A change of case of its own name is not a clash.
    const recased = await call(s.url, p.siteAdmin.token, 'PUT', `/api/organisations/${p.org}/labels/${label.Id}`, {
      Name: 'YEAR SEVEN',
    });
    expect(recased.status).toBe(200);
  });

  it('answers 409 when a rename clashes with another label of the organisation, ignoring case', async () => {
    const a = (await attach(p.owner.token, science, 'Behaviour')).body;
    await attach(p.owner.token, science, 'Assessment');
    const r = await call(s.url, p.orgAdmin.token, 'PUT', `/api/organisations/${p.org}/labels/${a.Id}`, {
      Name: 'assessment',
    });
    expect(r.status).toBe(409);
    expect(r.body.Status).toBe(409);
  });

  it('allows rename and delete only to organisation admins and site admins', async () => {
    const label = (await attach(p.owner.token, science, 'Guarded')).body;
    const path = `/api/organisations/${p.org}/labels/${label.Id}`;
    expect((await call(s.url, p.owner.token, 'PUT', path, { Name: 'Changed' })).status).toBe(403);
    expect((await call(s.url, p.owner.token, 'DELETE', path)).status).toBe(403);
    expect((await call(s.url, p.outsider.token, 'PUT', path, { Name: 'Changed' })).status).toBe(403);
    expect(
      (await call(s.url, p.orgAdmin.token, 'PUT', `/api/organisations/${p.org}/labels/999999`, { Name: 'X' })).status,
    ).toBe(404);
    expect(
      (await call(s.url, p.orgAdmin.token, 'PUT', '/api/organisations/999999/labels/1', { Name: 'X' })).status,
    ).toBe(404);
    const bad = await call(s.url, p.orgAdmin.token, 'PUT', path, { Title: 'wrong field' });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toHaveProperty('Name');
  });

  it('hard-deletes a label with all its assignments', async () => {
    const label = (await attach(p.owner.token, science, 'Temporary')).body;
    await attach(p.owner.token, physics, 'temporary');
    const r = await call(s.url, p.siteAdmin.token, 'DELETE', `/api/organisations/${p.org}/labels/${label.Id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Id: label.Id, Deleted: true, RemovedAssignments: 2 });
    for (const group of [science, physics]) {
      const labels = (await call(s.url, p.owner.token, 'GET', `/api/communities/${group}/labels`)).body;
      expect(labels.map((l: { Id: number }) => l.Id)).not.toContain(label.Id);
    }
    const orgLabels = (await call(s.url, p.owner.token, 'GET', `/api/organisations/${p.org}/labels`)).body;
    expect(orgLabels.map((l: { Id: number }) => l.Id)).not.toContain(label.Id);
    expect(
      (await call(s.url, p.siteAdmin.token, 'DELETE', `/api/organisations/${p.org}/labels/${label.Id}`)).status,
    ).toBe(404);
    // The name is free again: attaching it creates a new label.
    const recreated = (await attach(p.owner.token, science, 'Temporary')).body;
    expect(recreated.Id).not.toBe(label.Id);
  });

  it('lists organisation labels to any member only', async () => {
    const r = await call(s.url, p.observer.token, 'GET', `/api/organisations/${p.org}/labels`);
    expect(r.status).toBe(200);
    const listed = r.body.map((l: { Name: string }) => l.Name);
    expect(listed).toEqual(
      [...listed].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    expect((await call(s.url, p.outsider.token, 'GET', `/api/organisations/${p.org}/labels`)).status).toBe(403);
    expect((await call(s.url, p.owner.token, 'GET', '/api/organisations/999999/labels')).status).toBe(404);
  });

  it('keeps labels of different organisations apart', async () => {
    const theirs = await createGroup(s, p.outsider, { Name: 'Elsewhere' });
    const mine = (await attach(p.owner.token, science, 'Shared name')).body;
    const other = (await attach(p.outsider.token, theirs, 'shared NAME')).body;
    expect(other.Id).not.toBe(mine.Id);
    expect(other.OrganisationId).toBe(p.otherOrg);
  });
});
