import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';
import { createSandbox } from '../../../sandbox/src/server.js';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('test controls: faults, outbox, health, token expiry', () => {
  let s: RunningSandbox;
  let user: TestUser;
  beforeAll(async () => {
    s = await startSandbox();
    const org = createOrganisation(s.sandbox.ctx);
    user = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
  });
  afterEach(async () => {
    await call(s.url, undefined, 'DELETE', '/sandbox/faults');
  });
  afterAll(async () => s.stop());

  const addFault = (rule: Record<string, unknown>) => call(s.url, undefined, 'POST', '/sandbox/faults', rule);

  it('delays matching requests by LatencyMs', async () => {
    await addFault({ PathPattern: '/api/lookup/countries', Kind: 'latency', LatencyMs: 400 });
    const started = Date.now();
    const r = await call(s.url, user.token, 'GET', '/api/lookup/countries');
    expect(r.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
  });

  it('answers a problem body with the injected status, only as many times as asked', async () => {
    await addFault({ Method: 'GET', PathPattern: '/\\/api\\/me$/', Kind: 'status', Status: 503, Times: 1 });
    const failed = await call(s.url, user.token, 'GET', '/api/me');
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ Status: 503 });
    expect((await call(s.url, user.token, 'GET', '/api/me')).status).toBe(200);
    const listed = await call(s.url, undefined, 'GET', '/sandbox/faults');
    expect(listed.body[0]).toMatchObject({ Kind: 'status', Applied: 1, Times: 1 });
  });

  it('rate-limits with 429 and Retry-After', async () => {
    await addFault({ PathPattern: 'regions', Kind: 'rate-limit', RetryAfterSeconds: 7 });
    const r = await call(s.url, user.token, 'GET', '/api/lookup/regions');
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('7');
  });

  it('drops the connection part-way through a request body', async () => {
    await addFault({ PathPattern: '/api/me', Method: 'PUT', Kind: 'drop-mid-body', AfterBytes: 2048 });
    const body = JSON.stringify({ Bio: 'x'.repeat(64 * 1024) });
    const outcome = await new Promise<string>((resolve) => {
      const req = request(`${s.url}/api/me`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${user.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      });
      req.on('response', (res) => resolve(`status ${res.statusCode}`));
      req.on('error', (err: NodeJS.ErrnoException) => resolve(`error ${err.code}`));
      // Send in slices so the cut happens mid-body, as with a large upload.
      let offset = 0;
      const next = () => {
        if (offset >= body.length) return req.end();
        req.write(body.slice(offset, offset + 1024), () => setTimeout(next, 2));
        offset += 1024;
      };
      next();
    });
    expect(outcome).toMatch(/^error (ECONNRESET|EPIPE)/);
    const me = await call(s.url, user.token, 'GET', '/api/me');
    expect(me.body.Bio).not.toContain('xxxx');
  });

  it('drops a multipart upload part-way through while the handler streams it to disk', async () => {
    await addFault({ PathPattern: '/api/files/', Kind: 'drop-mid-body', AfterBytes: 100_000 });
    const form = new FormData();
    form.append('File', new Blob([Buffer.alloc(1_000_000, 7)]), 'big.bin');
    const error = await fetch(`${s.url}/api/files/fileupload/1`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    }).then(
      () => undefined,
      (err: Error) => err,
    );
    expect(error).toBeInstanceOf(Error);
  });

  it('handles a request in full and cuts the connection instead of answering', async () => {
    await addFault({ PathPattern: '/api/me', Method: 'PUT', Kind: 'drop-answer', Times: 1 });
    const sent = await fetch(`${s.url}/api/me`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Bio: 'saved, but nobody was told' }),
    }).then(
      () => 'answered',
      () => 'cut off',
    );
    expect(sent).toBe('cut off');
    const me = await call(s.url, user.token, 'GET', '/api/me');
    expect(me.body.Bio).toBe('saved, but nobody was told');
  });

  it('starts an answer with its full length and cuts it after AfterBytes of the body', async () => {
    mkdirSync(join(s.dataDir, 'files'), { recursive: true });
    writeFileSync(join(s.dataDir, 'files', 'long.txt'), 'x'.repeat(5000));
    await addFault({ Method: 'GET', PathPattern: '/media/', Kind: 'drop-mid-answer', AfterBytes: 100 });
    const outcome = await new Promise<{ status: number; length: string | undefined; received: number; ended: string }>(
      (resolve) => {
        request(`${s.url}/media/files/long.txt`, (res) => {
          let received = 0;
          res.on('data', (chunk: Buffer) => (received += chunk.length));
          const done = (ended: string) =>
            resolve({ status: res.statusCode ?? 0, length: res.headers['content-length'], received, ended });
          res.on('end', () => done('end'));
          res.on('error', () => done('error'));
          res.on('aborted', () => done('aborted'));
        }).end();
      },
    );
    expect(outcome).toMatchObject({ status: 200, length: '5000', received: 100 });
    expect(outcome.ended).not.toBe('end');
  });

  it('swallows a request: reads it, handles nothing and never answers', async () => {
    await addFault({ PathPattern: '/api/me', Method: 'PUT', Kind: 'swallow', Times: 1 });
    const sent = await fetch(`${s.url}/api/me`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Bio: 'taken in, then lost' }),
      signal: AbortSignal.timeout(600),
    }).then(
      () => 'answered',
      (err: Error) => err.name,
    );
    expect(sent).toBe('TimeoutError');
    const me = await call(s.url, user.token, 'GET', '/api/me');
    expect(me.body.Bio).not.toBe('taken in, then lost');
  });

  it('handles a request in full and leaves the named members out of its answer', async () => {
    await addFault({ PathPattern: '/api/me', Method: 'PUT', Kind: 'omit-members', Members: ['bio'], Times: 1 });
    const changed = await call(s.url, user.token, 'PUT', '/api/me', { Bio: 'kept, not said' });
    expect(changed.status).toBe(200);
    expect(changed.body).not.toHaveProperty('Bio');
    expect(changed.body).toHaveProperty('Id');
    // Handled in full: the service kept what it was sent, and the next answer is whole again.
    expect((await call(s.url, user.token, 'GET', '/api/me')).body.Bio).toBe('kept, not said');
  });

  it('drops a connection at once', async () => {
    await addFault({ PathPattern: 'datacentres', Kind: 'drop' });
    await expect(
      fetch(`${s.url}/api/datacentres`, { headers: { authorization: `Bearer ${user.token}` } }),
    ).rejects.toThrow();
  });

  it('refuses a malformed rule with 400 naming the field', async () => {
    const r = await addFault({ PathPattern: 'x', Kind: 'explode' });
    expect(r.status).toBe(400);
    expect(r.body.Errors).toHaveProperty('Kind');
  });

  it('keeps the outbox and clears it on DELETE', async () => {
    const org = createOrganisation(s.sandbox.ctx);
    const admin = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [2] } });
    await call(s.url, admin.token, 'POST', '/api/userinvites/multiple', {
      OrganisationId: org,
      Users: [{ Email: 'outbox@example.test' }],
    });
    const mails = await call(s.url, undefined, 'GET', '/sandbox/outbox');
    expect(mails.body.some((m: { To: string }) => m.To === 'outbox@example.test')).toBe(true);
    await call(s.url, undefined, 'DELETE', '/sandbox/outbox');
    expect((await call(s.url, undefined, 'GET', '/sandbox/outbox')).body).toEqual([]);
  });

  it('has no controls when the sandbox runs without them, but health still answers', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-nocontrols-'));
    const plain = await createSandbox({ dataDir, controls: false });
    const url = await plain.listen(0);
    try {
      expect((await fetch(`${url}/sandbox/outbox`)).status).toBe(404);
      expect((await fetch(`${url}/sandbox/faults`, { method: 'POST' })).status).toBe(404);
      expect((await fetch(`${url}/sandbox/health`)).status).toBe(200);
    } finally {
      await plain.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
