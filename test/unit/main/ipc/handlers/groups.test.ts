import { describe, expect, it } from 'vitest';
import { createGroupsHandlers } from '../../../../../main/ipc/handlers/groups';
import type { SessionService } from '../../../../../main/services/session/session-service';

/** Only the argument schemas are under test here; the channels against the sandbox are in test/integration/ipc. */
const handlers = createGroupsHandlers({ session: {} as SessionService });
const accepts = (channel: keyof typeof handlers, args: unknown[]) => handlers[channel].args.safeParse(args).success;

describe('groups handlers check their arguments strictly', () => {
  it('my groups: known filters only, whole positive page numbers, at most 100 a page', () => {
    expect(accepts('groups:list-mine', [{}])).toBe(true);
    expect(
      accepts('groups:list-mine', [
        {
          name: 'maths',
          administrators: true,
          createdByMe: false,
          labelIds: [1, 2],
          orderBy: 'CREATESTAMP',
          orderByDirection: 'DESC',
          pageNumber: 2,
          pageSize: 50,
        },
      ]),
    ).toBe(true);
    expect(accepts('groups:list-mine', [{ orderBy: 'DROP TABLE' }])).toBe(false);
    expect(accepts('groups:list-mine', [{ pageSize: 1000 }])).toBe(false);
    expect(accepts('groups:list-mine', [{ pageNumber: 0 }])).toBe(false);
    expect(accepts('groups:list-mine', [{ labelIds: ['1'] }])).toBe(false);
    expect(accepts('groups:list-mine', [{ isAdmin: true }])).toBe(false);
    expect(accepts('groups:list-mine', [{ name: 'x'.repeat(201) }])).toBe(false);
    expect(accepts('groups:list-mine', [])).toBe(false);
  });

  it('organisation groups: a sharing type from 1 to 6 and label ids', () => {
    expect(accepts('groups:list-organisation', [{ organisationId: 3, type: 6, labelIds: [4] }])).toBe(true);
    expect(accepts('groups:list-organisation', [{ type: 7 }])).toBe(false);
    expect(accepts('groups:list-organisation', [{ organisationId: -1 }])).toBe(false);
    expect(accepts('groups:list-organisation', [{ labelIds: Array.from({ length: 101 }, (_, i) => i + 1) }])).toBe(
      false,
    );
  });

  it('search: a visibility id as digits, nothing else', () => {
    expect(accepts('groups:search', [{ visibility: '3', createdByMe: true, organisationId: 2, pageNumber: 1 }])).toBe(
      true,
    );
    expect(accepts('groups:search', [{ visibility: 'public' }])).toBe(false);
    expect(accepts('groups:search', [{ visibility: 3 }])).toBe(false);
  });

  it('create: a name (trimmed, not blank, at most 200), a description, and one of the four types', () => {
    const parsed = handlers['groups:create'].args.safeParse([{ name: '  Phonics  ', description: '', typeId: 4 }]);
    expect(parsed.success && parsed.data[0].name).toBe('Phonics');
    expect(accepts('groups:create', [{ name: '   ', description: '', typeId: 1 }])).toBe(false);
    expect(accepts('groups:create', [{ name: 'A', description: '', typeId: 5 }])).toBe(false);
    expect(accepts('groups:create', [{ name: 'A', description: 'x'.repeat(4001), typeId: 1 }])).toBe(false);
    expect(accepts('groups:create', [{ name: 'A', typeId: 1 }])).toBe(false);
    expect(accepts('groups:create', [{ name: 'A', description: '', typeId: 1, organisationId: 9 }])).toBe(false);
  });

  it('update and features: an id and whole values; at least one switch', () => {
    expect(accepts('groups:update', [4, { name: 'New', description: 'Text' }])).toBe(true);
    expect(accepts('groups:update', [4, { name: 'New', description: 'Text', typeId: 2 }])).toBe(false);
    expect(accepts('groups:update', ['4', { name: 'New', description: '' }])).toBe(false);
    expect(accepts('groups:set-features', [4, { timeline: false }])).toBe(true);
    expect(accepts('groups:set-features', [4, {}])).toBe(false);
    expect(accepts('groups:set-features', [4, { timeline: 'off' }])).toBe(false);
    expect(accepts('groups:set-features', [4, { chat: true }])).toBe(false);
  });

  it('ids are positive safe whole numbers', () => {
    for (const channel of ['groups:get', 'groups:delete', 'groups:get-features'] as const) {
      expect(accepts(channel, [12])).toBe(true);
      expect(accepts(channel, [0])).toBe(false);
      expect(accepts(channel, [1.5])).toBe(false);
      expect(accepts(channel, [2 ** 60])).toBe(false);
      expect(accepts(channel, [])).toBe(false);
      expect(accepts(channel, [12, 13])).toBe(false);
    }
  });

  it('labels: names up to 100 characters, ids for detach, rename and delete', () => {
    expect(accepts('group-labels:attach', [1, 'Mentoring'])).toBe(true);
    expect(accepts('group-labels:attach', [1, ' '])).toBe(false);
    expect(accepts('group-labels:attach', [1, 'x'.repeat(101)])).toBe(false);
    expect(accepts('group-labels:detach', [1, 2])).toBe(true);
    expect(accepts('group-labels:detach', [1])).toBe(false);
    expect(accepts('group-labels:rename', [1, 2, 'Oracy'])).toBe(true);
    expect(accepts('group-labels:rename', [1, 2, ''])).toBe(false);
    expect(accepts('group-labels:delete', [1, 2])).toBe(true);
    expect(accepts('group-labels:list-organisation', [])).toBe(true);
    expect(accepts('group-labels:list-organisation', [undefined])).toBe(true);
    expect(accepts('group-labels:list-organisation', [3])).toBe(true);
    expect(accepts('group-labels:list-organisation', ['3'])).toBe(false);
  });

  it('invites: an optional search, and a plain invite code', () => {
    expect(accepts('group-invites:list-mine', [])).toBe(true);
    expect(accepts('group-invites:list-mine', [{ searchTerm: 'maths' }])).toBe(true);
    expect(accepts('group-invites:list-mine', [{ search: 'maths' }])).toBe(false);
    expect(accepts('group-invites:accept', ['0123456789abcdef0123456789abcdef'])).toBe(true);
    expect(accepts('group-invites:accept', ['../../etc/passwd'])).toBe(false);
    expect(accepts('group-invites:accept', [''])).toBe(false);
    expect(accepts('group-invites:accept', [{ hash: 'abc' }])).toBe(false);
  });

  it('invite by email: valid addresses only, none twice, at most 50, a bounded message', () => {
    expect(accepts('group-invites:invite-by-email', [4, ['ada@school.example']])).toBe(true);
    expect(accepts('group-invites:invite-by-email', [4, ['ada@school.example', 'bo@x.example'], 'Welcome'])).toBe(true);
    expect(accepts('group-invites:invite-by-email', [4, ['ada@school.example'], undefined])).toBe(true);
    expect(accepts('group-invites:invite-by-email', [4, []])).toBe(false);
    expect(accepts('group-invites:invite-by-email', [4, ['not-an-address']])).toBe(false);
    expect(accepts('group-invites:invite-by-email', [4, ['a@x.example', 'A@X.example']])).toBe(false);
    expect(accepts('group-invites:invite-by-email', [4, ['a@x.example'], 'x'.repeat(2001)])).toBe(false);
    expect(accepts('group-invites:invite-by-email', [0, ['a@x.example']])).toBe(false);
    expect(accepts('group-invites:invite-by-email', [4, 'a@x.example'])).toBe(false);
    const many = Array.from({ length: 51 }, (_, i) => `p${i}@x.example`);
    expect(accepts('group-invites:invite-by-email', [4, many])).toBe(false);
    expect(accepts('group-invites:invite-by-email', [4, many.slice(0, 50)])).toBe(true);
  });
});
