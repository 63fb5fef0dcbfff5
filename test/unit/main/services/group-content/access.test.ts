import { describe, expect, it } from 'vitest';
import type { Community, SessionState } from '../../../../../preload/contract';
import { accessOf } from '../../../../../main/services/group-content/access';
import { canManageGroup } from '../../../../../main/services/groups/group-access';
import { postedComment } from '../../../../../main/services/group-content/new-comment';

const group = (over: Partial<Community> = {}): Community => ({
  id: 12,
  name: 'Year 7 Science mentors',
  description: '',
  typeId: 1,
  organisationId: 3,
  labels: [],
  administratorIds: [],
  ...over,
});
const session = (roles: number[]): SessionState => ({
  status: 'signed-in',
  user: { id: 40, firstName: 'Tom', lastName: 'Okafor', email: 'teacher@northbridge.example' },
  organisations: [
    { id: 3, name: 'Northbridge', roles, isDefault: true },
    { id: 9, name: 'Lakeside', roles: [4, 2], isDefault: false },
  ],
  connection: { serviceUrl: 'http://127.0.0.1:1', tokenUrl: 'http://127.0.0.1:1/oauth2/token', demoMode: true },
  vault: { backend: 'keychain', persistent: true },
});

describe('what the signed-in person may do in a group', () => {
  it('a plain member reads and comments but does not manage', () => {
    expect(accessOf(group({ isMember: true, isAdmin: false }), session([4]))).toEqual({
      groupId: 12,
      groupName: 'Year 7 Science mentors',
      isMember: true,
      canManage: false,
      canComment: true,
    });
  });

  it('a group admin manages it', () => {
    expect(accessOf(group({ isMember: true, isAdmin: true }), session([4])).canManage).toBe(true);
  });

  it('one of the group’s listed administrators manages it, as the group page says (one rule for both)', () => {
    const listed = group({ isMember: true, isAdmin: false, administratorIds: [40] });
    expect(accessOf(listed, session([4])).canManage).toBe(true);
    expect(accessOf(listed, session([4])).canManage).toBe(canManageGroup(listed, session([4])));
  });

  it('an administrator of the group’s organisation manages it without being a member, and may comment', () => {
    const access = accessOf(group({ isMember: false, isAdmin: false }), session([4, 2]));
    expect(access).toMatchObject({ isMember: false, canManage: true, canComment: true });
  });

  it('administering another organisation gives nothing here; a reader from the organisation only reads', () => {
    const access = accessOf(group({ isMember: false, isAdmin: false }), session([4]));
    expect(access).toMatchObject({ isMember: false, canManage: false, canComment: false });
  });

  it('passes the feature switches on', () => {
    const features = { activity: true, timeline: false, video: true, file: true };
    expect(accessOf(group({ features }), session([4])).features).toEqual(features);
  });
});

describe('the comment just posted, as the timeline shows it', () => {
  it('carries the new id, what was sent, the author and the time', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const user = { id: 40, firstName: 'Tom', lastName: 'Okafor', email: 'x@y.z', pictureUrl: 'http://127.0.0.1/p.png' };
    expect(postedComment(77, { postId: 5, text: 'Agreed', parentCommentId: 70 }, user, now)).toEqual({
      id: 77,
      postId: 5,
      parentCommentId: 70,
      authorName: 'Tom Okafor',
      author: { id: 40, firstName: 'Tom', lastName: 'Okafor', pictureUrl: 'http://127.0.0.1/p.png' },
      text: 'Agreed',
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    expect(postedComment(78, { postId: 5, text: 'Hi' }, undefined, now)).toEqual({
      id: 78,
      postId: 5,
      authorName: '',
      text: 'Hi',
      createdAt: '2026-03-01T10:00:00.000Z',
    });
  });
});
