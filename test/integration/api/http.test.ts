import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServiceHttp, type RequestWatch, type ServiceHttp, type SessionTokens } from '../../../main/api/http';
import { ServiceReachability } from '../../../main/services/network/service-reachability';
import { fetchLoginMethods } from '../../../main/api/login-method';
import { readProfile } from '../../../main/api/me';
import { readId, readPaged } from '../../../main/api/reader';
import { createOrganisation, createUserWithToken } from '../../support/sandbox-api.js';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import {
  control,
  failure,
  pagesCarryMetadata,
  recordingLogger,
  signIn,
  startDemoSandbox,
  type TestSession,
} from './support';

let running: RunningSandbox;
const { log, lines } = recordingLogger();
const opened: ServiceHttp[] = [];

function connect(
  session?: SessionTokens,
  extra: { timeoutMs?: number; serviceUrl?: string; watch?: RequestWatch } = {},
): ServiceHttp {
  const http = createServiceHttp({
    serviceUrl: extra.serviceUrl ?? running.url,
    log,
    ...(session ? { session } : {}),
    ...(extra.timeoutMs ? { timeoutMs: extra.timeoutMs } : {}),
    ...(extra.watch ? { watch: extra.watch } : {}),
  });
  opened.push(http);
  return http;
}

beforeAll(async () => {
  running = await startDemoSandbox();
});
afterAll(async () => {
  opened.forEach((http) => http.dispose());
  await running.stop();
});

const groupItem = z.object({ id: z.number().int(), name: z.string(), organisationId: z.number().int().optional() });

describe('bearer token and one refresh on 401', () => {
  let session: TestSession;
  beforeAll(async () => {
    ({ session } = await signIn(running.url, 'student@lakeside.example', log));
  });

  it('sends the session token: the profile is the signed-in person', async () => {
    const profile = readProfile(await connect(session).get('/api/me'));
    expect(profile.email).toBe('student@lakeside.example');
  });

  it('when every token has expired, refreshes once and retries, and the caller never notices', async () => {
    const http = connect(session);
    const before = session.current.accessToken;
    await control(running.url, 'POST', '/sandbox/tokens/expire');
    const profile = readProfile(await http.get('/api/me'));
    expect(profile.email).toBe('student@lakeside.example');
    expect(session.refreshes).toBe(1);
    expect(session.current.accessToken).not.toBe(before);
    // The new token works without another refresh.
    await http.get('/api/me/profilestats');
    expect(session.refreshes).toBe(1);
  });

  it('a second 401 after the refresh is UNAUTHENTICATED, without a second refresh', async () => {
    const { session: fresh } = await signIn(running.url, 'mentor@lakeside.example', log);
    let calls = 0;
    const expiresAgain: SessionTokens = {
      accessToken: () => fresh.accessToken(),
      async refreshAfter401(failed) {
        calls += 1;
        const token = await fresh.refreshAfter401(failed);
        // The service refuses the fresh token too (say, the account was signed out everywhere meanwhile).
        await control(running.url, 'POST', '/sandbox/tokens/expire');
        return token;
      },
    };
    await control(running.url, 'POST', '/sandbox/tokens/expire');
    const error = await failure(() => connect(expiresAgain).get('/api/me'));
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED', message: 'You are signed out. Please sign in again.' });
    expect(calls).toBe(1);
  });

  it('a session that cannot refresh ends in UNAUTHENTICATED', async () => {
    const noRefresh: SessionTokens = { accessToken: async () => 'not-a-token', refreshAfter401: async () => undefined };
    expect((await failure(() => connect(noRefresh).get('/api/me'))).code).toBe('UNAUTHENTICATED');
  });

  it('no session at all: a protected path is UNAUTHENTICATED', async () => {
    expect((await failure(() => connect().get('/api/me'))).code).toBe('UNAUTHENTICATED');
  });

  it("the interface's own 401 (another organisation's group labels) is FORBIDDEN, not a sign-out", async () => {
    const { session: student } = await signIn(running.url, 'student@lakeside.example', log);
    const riversideGroup = running.sandbox.ctx.db
      .prepare(
        `SELECT c.id FROM communities c JOIN organisations o ON o.id = c.organisation_id
         WHERE o.email_domain = 'riverside.example' ORDER BY c.id LIMIT 1`,
      )
      .pluck()
      .get() as number;
    const error = await failure(() => connect(student).get(`/api/communities/${riversideGroup}/labels`));
    expect(error).toMatchObject({ code: 'FORBIDDEN', details: { status: 401 } });
    // Its bare Bearer challenge looks like some services' expired-token answer: one refresh tells them apart.
    expect(student.refreshes).toBe(1);
    expect(readProfile(await connect(student).get('/api/me')).email).toBe('student@lakeside.example');
  });

  it('never writes a token into the log, yet logs method, path, status and time', async () => {
    await connect(session).get('/api/me');
    const text = lines.join('\n');
    expect(text).toMatch(/"method":"GET","path":"\/api\/me","status":200,"ms":\d+/);
    expect(text).not.toContain(session.current.accessToken);
    expect(text).not.toContain(session.current.refreshToken!);
  });
});

describe('answers the reader must handle', () => {
  let session: TestSession;
  beforeAll(async () => {
    ({ session } = await signIn(running.url, 'mentor@lakeside.example', log));
  });

  it('reads the same profile and the same paged list from XML as from JSON', async () => {
    const http = connect(session);
    const xml = { headers: { Accept: 'application/xml' } };
    const answer = await http.request('GET', '/api/me', xml);
    expect(answer.contentType).toContain('application/xml');
    expect(readProfile(answer.data)).toEqual(readProfile(await http.get('/api/me')));

    const params = { params: { pageSize: 3, pageNumber: 2 } };
    const fromJson = readPaged(groupItem, await http.get('/api/communities', params), 'groups');
    const fromXml = readPaged(groupItem, await http.get('/api/communities', { ...params, ...xml }), 'groups');
    expect(fromXml).toEqual(fromJson);
    expect(fromJson.items).toHaveLength(3);
    if (pagesCarryMetadata) {
      expect(fromJson).toMatchObject({ pageNumber: 2, pageSize: 3 });
      expect(fromJson.totalCount).toBeGreaterThan(3);
    }
  });

  it('a 204 delete answers null', async () => {
    const http = connect(session);
    const id = readId(
      await http.post('/api/communities', {
        Name: 'To be deleted',
        Description: '',
        TypeId: 1,
        PrivacyLevelId: 1,
        VisibilityId: 3,
        InviteTypeId: 2,
        PostingPermissionTypeId: 1,
        CommentPostsType: true,
      }),
      'new group',
    );
    const answer = await http.request('DELETE', `/api/communities/${id}`);
    expect(answer.status).toBe(204);
    expect(answer.data).toBeNull();
    expect((await failure(() => http.get(`/api/communities/${id}`))).code).toBe('NOT_FOUND');
  });

  it('a 400 is VALIDATION naming the field', async () => {
    const error = await failure(() => connect(session).put('/api/me', { FirstName: '   ' }));
    expect(error.code).toBe('VALIDATION');
    expect(Object.keys(error.details?.fields as object)).toContain('FirstName');
  });

  it('a paged list written as a bare array reads the same way', async () => {
    const arraySandbox = await startSandbox({ wire: 'bare-lists' });
    try {
      const orgId = createOrganisation(arraySandbox.sandbox.ctx, 'Array Academy');
      const user = createUserWithToken(arraySandbox.sandbox.ctx, { roles: { [orgId]: [2] } });
      const http = connect(
        { accessToken: async () => user.token, refreshAfter401: async () => undefined },
        { serviceUrl: arraySandbox.url },
      );
      const created = readId(
        await http.post('/api/communities', {
          Name: 'Only group',
          TypeId: 1,
          PrivacyLevelId: 1,
          VisibilityId: 3,
          InviteTypeId: 2,
          PostingPermissionTypeId: 1,
          CommentPostsType: true,
        }),
        'new group',
      );
      const raw = await http.get('/api/communities');
      expect(Array.isArray(raw)).toBe(true);
      expect(readPaged(groupItem, raw, 'groups').items).toEqual([
        { id: created, name: 'Only group', organisationId: orgId },
      ]);
    } finally {
      await arraySandbox.stop();
    }
  });
});

describe('faults', () => {
  let session: TestSession;
  beforeAll(async () => {
    ({ session } = await signIn(running.url, 'teacher@northbridge.example', log));
  });

  it('a 503 is SERVER_ERROR', async () => {
    await control(running.url, 'POST', '/sandbox/faults', {
      PathPattern: '/api/me/profilestats',
      Kind: 'status',
      Status: 503,
      Times: 1,
    });
    expect(await failure(() => connect(session).get('/api/me/profilestats'))).toMatchObject({
      code: 'SERVER_ERROR',
      details: { status: 503 },
    });
  });

  it('a 429 is RATE_LIMITED with the wait from Retry-After', async () => {
    await control(running.url, 'POST', '/sandbox/faults', {
      PathPattern: '/api/me/organisations',
      Kind: 'rate-limit',
      RetryAfterSeconds: 7,
      Times: 1,
    });
    expect(await failure(() => connect(session).get('/api/me/organisations'))).toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterMs: 7000 },
    });
  });

  it('a slow answer past the limit is TIMEOUT', async () => {
    await control(running.url, 'POST', '/sandbox/faults', {
      PathPattern: '/api/lookup/countries',
      Kind: 'latency',
      LatencyMs: 1500,
      Times: 1,
    });
    expect((await failure(() => connect(session, { timeoutMs: 300 }).get('/api/lookup/countries'))).code).toBe(
      'TIMEOUT',
    );
  });

  it('a connection dropped without an answer is UNREACHABLE', async () => {
    await control(running.url, 'POST', '/sandbox/faults', {
      PathPattern: '/api/lookup/regions',
      Kind: 'drop',
      Times: 1,
    });
    expect((await failure(() => connect(session).get('/api/lookup/regions'))).code).toBe('UNREACHABLE');
  });
});

describe('addresses that are not the service', () => {
  let html: Server;
  let htmlUrl: string;
  beforeAll(async () => {
    html = createServer((req, res) => {
      if (req.url?.startsWith('/missing'))
        res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not here</body></html>');
      else
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end('<!DOCTYPE html><html><body>School website</body></html>');
    });
    await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
    htmlUrl = `http://127.0.0.1:${(html.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => html.close(() => resolve())));

  it('a closed port is UNREACHABLE, naming the host', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(() =>
      fetchLoginMethods(connect(undefined, { serviceUrl: `http://127.0.0.1:${port}` }), 'a@b.example'),
    );
    expect(error.code).toBe('UNREACHABLE');
    expect(error.message).toContain(`127.0.0.1:${port}`);
  });

  it('a web server answering HTML is NOT_A_SERVICE, for a 200 and for a 404', async () => {
    const http = connect(undefined, { serviceUrl: htmlUrl });
    expect((await failure(() => fetchLoginMethods(http, 'a@b.example'))).code).toBe('NOT_A_SERVICE');
    expect((await failure(() => http.get('/missing/api/me'))).code).toBe('NOT_A_SERVICE');
  });

  it('the sandbox under a wrong base path (404 on the sign-in method) is NOT_A_SERVICE', async () => {
    const http = connect(undefined, { serviceUrl: `${running.url}/wrong` });
    expect((await failure(() => fetchLoginMethods(http, 'a@b.example'))).code).toBe('NOT_A_SERVICE');
  });

  describe('TLS', () => {
    const openssl = ['/usr/bin/openssl', '/usr/local/bin/openssl'].find((path) => existsSync(path));
    let server: HttpsServer | undefined;
    let dir: string | undefined;
    beforeAll(async () => {
      if (!openssl) return;
      dir = mkdtempSync(join(tmpdir(), 'api-tls-'));
      execFileSync(
        openssl,
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      server = createHttpsServer(
        { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
        (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"Methods":["Password"]}'),
      );
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('a self-signed certificate is TLS', async (ctx) => {
      if (!openssl || !server) {
        console.warn('Skipped the TLS test: openssl is not installed, so no self-signed certificate could be made.');
        ctx.skip();
        return;
      }
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const error = await failure(() => fetchLoginMethods(connect(undefined, { serviceUrl: url }), 'a@b.example'));
      expect(error.code).toBe('TLS');
      expect(error.message).toContain('certificate');
    });
  });
});

describe('what every request tells about the service (issue 28 item 20)', () => {
  it('one request that gets no answer makes the service unreachable; the next answer, reachable again', async () => {
    const { session } = await signIn(running.url, 'student@lakeside.example', log);
    const reachability = new ServiceReachability();
    const changes: boolean[] = [];
    reachability.onChange((change) => changes.push(change.reachable));
    const http = connect(session, { watch: reachability });
    await http.get('/api/me');
    expect(changes).toEqual([]);

    await control(running.url, 'POST', '/sandbox/faults', { PathPattern: '/api/me/profilestats', Kind: 'drop' });
    try {
      expect((await failure(() => http.get('/api/me/profilestats'))).code).toBe('UNREACHABLE');
      expect(reachability.current()).toMatchObject({ reachable: false, problem: { code: 'UNREACHABLE' } });
      // A refusal is an answer, and says nothing about reachability either way.
      await failure(() => http.get('/api/portfolios/v2/999999999'));
      expect(changes).toEqual([false]);
    } finally {
      await control(running.url, 'DELETE', '/sandbox/faults');
    }
    await http.get('/api/me');
    expect(changes).toEqual([false, true]);
  });
});
