import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';
import { camelizeKeys, isListWrapper, wireVariants, type WireVariant } from '../../../sandbox/src/http/wire.js';
import { xmlName } from '../../../sandbox/src/http/formats.js';
import { parseStartArgs, UsageError } from '../../../sandbox/src/start.js';

/**
 * `--wire`: the same data in the other outer shapes a real service may use. Each variant runs on its
 * own sandbox; the client's API-layer suites run against every one in CI (scripts/test-all.mjs).
 */
interface World {
  running: RunningSandbox;
  user: TestUser;
}

async function world(wire: WireVariant): Promise<World> {
  const running = await startSandbox({ wire });
  const org = createOrganisation(running.sandbox.ctx, `Wire ${wire} Academy`);
  const user = createUserWithToken(running.sandbox.ctx, { firstName: 'Wren', roles: { [org]: [2] } });
  const created = await call(running.url, user.token, 'POST', '/api/communities', {
    Name: `Wire group ${wire}`,
    TypeId: 1,
    PrivacyLevelId: 1,
    VisibilityId: 3,
    InviteTypeId: 2,
    PostingPermissionTypeId: 1,
    CommentPostsType: true,
  });
  expect(created.status, created.text).toBeLessThan(300);
  return { running, user };
}

const worlds = new Map<WireVariant, World>();
beforeAll(async () => {
  for (const wire of wireVariants) worlds.set(wire, await world(wire));
});
afterAll(async () => {
  for (const { running } of worlds.values()) await running.stop();
});

const get = (wire: WireVariant, path: string, headers: Record<string, string> = {}) => {
  const { running, user } = worlds.get(wire)!;
  return call(running.url, user.token, 'GET', path, undefined, headers);
};

describe('wire variants', () => {
  it('strict answers PascalCase JSON, paged lists and object-typed lists in their wrappers', async () => {
    expect((await get('strict', '/api/me')).body).toMatchObject({ FirstName: 'Wren' });
    const groups = await get('strict', '/api/communities');
    expect(groups.body).toMatchObject({ Items: [expect.objectContaining({ Name: 'Wire group strict' })] });
    expect(groups.body).toHaveProperty('TotalItemCount', 1);
    expect((await get('strict', '/api/me/community/invites')).body).toEqual({ Items: [], TotalItemCount: 0 });
  });

  it('bare-lists answers every list wrapper as a bare array and leaves records alone', async () => {
    const groups = await get('bare-lists', '/api/communities');
    expect(groups.body).toEqual([expect.objectContaining({ Name: 'Wire group bare-lists' })]);
    expect((await get('bare-lists', '/api/me/community/invites')).body).toEqual([]);
    expect((await get('bare-lists', '/api/me')).body).toMatchObject({ FirstName: 'Wren' });
  });

  it('camel answers camelCase members at every depth; problems keep the field names of their errors', async () => {
    const me = await get('camel', '/api/me');
    expect(me.body).toMatchObject({ firstName: 'Wren' });
    expect(me.text).not.toContain('"FirstName"');
    const groups = await get('camel', '/api/communities');
    expect(groups.body).toMatchObject({
      items: [expect.objectContaining({ name: 'Wire group camel' })],
      totalItemCount: 1,
    });
    const { running, user } = worlds.get('camel')!;
    const refused = await call(running.url, user.token, 'PUT', '/api/me', { FirstName: '   ' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ status: 400, errors: { FirstName: [expect.any(String)] } });
  });

  it('xml answers XML whatever JSON the client asks for, errors included', async () => {
    const me = await get('xml', '/api/me', { accept: 'application/json' });
    expect(me.headers.get('content-type')).toContain('application/xml');
    const parsed = new XMLParser().parse(me.text) as { Response: { FirstName: string } };
    expect(parsed.Response.FirstName).toBe('Wren');
    const groups = await get('xml', '/api/communities');
    expect(groups.text).toMatch(/<Response><Items><Item>.*<Name>Wire group xml<\/Name>/);
    const missing = await get('xml', '/api/communities/999999');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<Status>404</Status>');
  });

  it('no variant touches sign-in: the token endpoint answers OAuth JSON', async () => {
    for (const wire of ['camel', 'xml'] as const) {
      const { running } = worlds.get(wire)!;
      const response = await fetch(`${running.url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: 'grant_type=password&username=nobody%40example.test&password=x&client_id=tests',
      });
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
    }
  });
});

describe('wire helpers', () => {
  it('--wire picks a variant, strict by default; an unknown one names the four', () => {
    expect(parseStartArgs([]).wire).toBe('strict');
    expect(parseStartArgs(['--wire', 'xml']).wire).toBe('xml');
    expect(() => parseStartArgs(['--wire', 'soap'])).toThrow(UsageError);
    expect(() => parseStartArgs(['--wire', 'soap'])).toThrow(/strict, bare-lists, camel, xml/);
  });

  it('a wrapper is only an object of list members; a record holding Items is not', () => {
    expect(isListWrapper({ Items: [], TotalItemCount: 0 })).toBe(true);
    expect(isListWrapper({ Items: [], Id: 3 })).toBe(false);
    expect(isListWrapper([1])).toBe(false);
  });

  it('camelCase as System.Text.Json writes it', () => {
    expect(camelizeKeys({ ID: 1, URLPath: 'a', TotalItemCount: 2, Nested: [{ HasNextPage: true }] })).toEqual({
      id: 1,
      urlPath: 'a',
      totalItemCount: 2,
      nested: [{ hasNextPage: true }],
    });
  });

  it('member names that are not XML names are escaped as XmlConvert does', () => {
    expect(xmlName('Tags[0].TagId')).toBe('Tags_x005B_0_x005D_.TagId');
    expect(xmlName('1st')).toBe('_x0031_st');
    expect(xmlName('FirstName')).toBe('FirstName');
  });
});
