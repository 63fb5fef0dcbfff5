import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvokeChannel, InvokeContract, InvokeData } from '../../../preload/contract';
import { createPortfolioSharingApi } from '../../../main/api/portfolio-sharing';
import { parseDeepLink } from '../../../main/services/shell/deep-links';
import type { TestApp } from '../../support/app-host';
import { call, data as dataOf, startDemoApps, type DemoApps } from '../../support/browse-app';
import { askingForXml } from '../api/browse-support';

/**
 * Inviting colleagues by email and sharing portfolios with one person, through the real handler table
 * against the demo sandbox: what the page asks, what the service did, and what reached the outbox.
 */

const ADMIN = 'admin@northbridge.example';
const TEACHER = 'teacher@northbridge.example';
const SITE_ADMIN = 'siteadmin@northbridge.example';

let demo: DemoApps;
let admin: TestApp;
let teacher: TestApp;
let siteAdmin: TestApp;

async function data<C extends InvokeChannel>(
  app: TestApp,
  channel: C,
  ...args: Parameters<InvokeContract[C]>
): Promise<InvokeData<C>> {
  return dataOf(await call(app, channel, ...args));
}

interface Mail {
  To: string;
  Subject: string;
  Body: string;
  Kind: string;
}
async function outboxTo(address: string): Promise<Mail[]> {
  const answer = await fetch(`${demo.running.url}/sandbox/outbox?to=${encodeURIComponent(address)}`);
  return (await answer.json()) as Mail[];
}

const idOf = (app: TestApp) => app.composition.session.state().user!.id;

beforeAll(async () => {
  demo = await startDemoApps();
  admin = await demo.signedIn(ADMIN, { start: false });
  teacher = await demo.signedIn(TEACHER, { start: false });
  siteAdmin = await demo.signedIn(SITE_ADMIN, { start: false });
});
afterAll(() => demo?.stop());

describe('inviting colleagues by email', () => {
  it('answers per address, mails each invitee the app link, and the link’s code joins the group', async () => {
    const groupId = await data(admin, 'groups:create', { name: 'Invited by email', description: '', typeId: 3 });
    const newcomer = 'newcomer@school.example';
    const outcome = await data(admin, 'group-invites:invite-by-email', groupId, [TEACHER, newcomer, ADMIN], 'Hello!');
    expect(outcome).toMatchObject({ invited: [TEACHER, newcomer], alreadyMembers: [ADMIN], failed: [] });
    expect(outcome.totalInvites).toBe(3);

    // The invitee's email carries the deep link, which the app maps to its invitations page.
    const [mail] = await outboxTo(TEACHER);
    expect(mail).toMatchObject({ Kind: 'community_invite', Subject: expect.stringContaining('Invited by email') });
    expect(mail!.Body).toContain('Hello!');
    const link = /videocollab:\/\/invite\?hash=[0-9a-f]{32}/.exec(mail!.Body)![0];
    const parsed = parseDeepLink(link);
    expect(parsed).toMatchObject({ ok: true, kind: 'invite' });
    const hash = new URLSearchParams((parsed.ok ? parsed.route : '').split('?')[1]).get('hash')!;
    expect((await outboxTo(newcomer))[0]!.Body).toMatch(/videocollab:\/\/invite\?hash=[0-9a-f]{32}/);

    const joined = await data(teacher, 'group-invites:accept', hash);
    expect(joined).toMatchObject({ id: groupId, name: 'Invited by email', isMember: true });
    const members = await data(admin, 'group-members:list', groupId);
    expect(members.find((m) => m.id === idOf(teacher))?.isAccepted).not.toBe(false);

    // Once used, the code is no good to anyone else.
    expect(await call(siteAdmin, 'group-invites:accept', hash)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('main refuses malformed, repeated or too many addresses before any request', async () => {
    const groupId = await data(admin, 'groups:create', { name: 'Checked first', description: '', typeId: 3 });
    const before = (await outboxTo('bad@')).length;
    for (const emails of [
      ['bad@'],
      [],
      [TEACHER, TEACHER.toUpperCase()],
      Array.from({ length: 51 }, (_, i) => `p${i}@school.example`),
    ]) {
      expect(await call(admin, 'group-invites:invite-by-email', groupId, emails)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_ARGUMENT' },
      });
    }
    expect((await outboxTo('bad@')).length).toBe(before);
    expect((await outboxTo('p0@school.example')).length).toBe(0);
  });

  it('someone who does not manage the group is refused', async () => {
    const groupId = await data(admin, 'groups:create', { name: 'Admins invite', description: '', typeId: 3 });
    expect(await call(teacher, 'group-invites:invite-by-email', groupId, ['x@school.example'])).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
  });
});

describe('sharing with one person', () => {
  it('what I may still share with them, and what they can read, change as I share', async () => {
    const fresh = await data(teacher, 'portfolios:create', { title: 'For the site admin' });
    const colleague = idOf(siteAdmin);
    const shareable = await data(teacher, 'portfolio-sharing:shareable-with-person', colleague);
    expect(shareable.map((p) => p.id)).toContain(fresh.id);
    expect((await data(teacher, 'portfolio-sharing:shared-with-person', colleague)).map((p) => p.id)).not.toContain(
      fresh.id,
    );

    await data(teacher, 'portfolio-sharing:share', fresh.id, colleague);
    const shared = await data(teacher, 'portfolio-sharing:shared-with-person', colleague);
    expect(shared.find((p) => p.id === fresh.id)).toMatchObject({ title: 'For the site admin' });
    expect((await data(teacher, 'portfolio-sharing:shareable-with-person', colleague)).map((p) => p.id)).not.toContain(
      fresh.id,
    );
  });

  it('reads the same over XML', async () => {
    const colleague = idOf(admin);
    const json = createPortfolioSharingApi(teacher.composition.session.http());
    const xml = createPortfolioSharingApi(askingForXml(teacher.composition.session.http()));
    const ids = (list: { id: number }[]) => list.map((p) => p.id).sort();
    // The demo shares a portfolio of the teacher's with the admin (their mentor).
    const shared = await json.listSharedWithUser(colleague);
    expect(shared.length).toBeGreaterThan(0);
    expect(ids(await xml.listSharedWithUser(colleague))).toEqual(ids(shared));
    const shareable = await json.listPortfoliosAvailableForUser(colleague);
    expect(ids(await xml.listPortfoliosAvailableForUser(colleague))).toEqual(ids(shareable));
  });

  it('ids are checked in main', async () => {
    expect(await call(teacher, 'portfolio-sharing:shared-with-person', -1)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
  });
});
