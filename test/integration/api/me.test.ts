import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceHttp, type ServiceHttp, type SessionTokens } from '../../../main/api/http';
import { fetchLoginMethods } from '../../../main/api/login-method';
import { createMeApi, type MeApi } from '../../../main/api/me';
import { encodePng } from '../../../sandbox/src/demo/png.js';
import { createOrganisation, createUserWithToken } from '../../support/sandbox-api.js';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { control, failure, recordingLogger, signIn, startDemoSandbox, type TestSession } from './support';

let running: RunningSandbox;
let files: string;
const { log } = recordingLogger();
const opened: ServiceHttp[] = [];

function connect(session?: SessionTokens, serviceUrl = running.url): ServiceHttp {
  const http = createServiceHttp({ serviceUrl, log, ...(session ? { session } : {}) });
  opened.push(http);
  return http;
}

async function meFor(email: string): Promise<{ me: MeApi; session: TestSession }> {
  const { session } = await signIn(running.url, email, log);
  return { me: createMeApi(connect(session)), session };
}

beforeAll(async () => {
  running = await startDemoSandbox();
  files = mkdtempSync(join(tmpdir(), 'api-me-'));
});
afterAll(async () => {
  opened.forEach((http) => http.dispose());
  await running.stop();
  rmSync(files, { recursive: true, force: true });
});

describe('profile', () => {
  it('reads the profile of a person in two organisations', async () => {
    const { me } = await meFor('admin@northbridge.example');
    const profile = await me.getProfile();
    expect(profile).toMatchObject({ email: 'admin@northbridge.example', hasAcceptedTerms: true });
    expect(profile.organisations.map((o) => o.name).sort()).toEqual([
      'Lakeside Teacher College',
      'Northbridge University',
    ]);
    const northbridge = profile.organisations.find((o) => o.name === 'Northbridge University')!;
    expect(northbridge).toMatchObject({ isDefault: true, hasSites: true });
    expect(northbridge.roles).toContain(2);
    expect(profile.defaultOrganisationId).toBe(northbridge.id);
    expect(profile.roles).toEqual(northbridge.roles);
  });

  it('updates only the fields given and answers the profile as it now is', async () => {
    const { me } = await meFor('teacher@northbridge.example');
    const before = await me.getProfile();
    const after = await me.updateProfile({ jobTitle: 'Head of Science', bio: 'Year 7 and 8' });
    expect(after).toMatchObject({ jobTitle: 'Head of Science', bio: 'Year 7 and 8', firstName: before.firstName });
    expect(await me.getProfile()).toEqual(after);
  });

  it('an empty first name is refused as VALIDATION naming the field', async () => {
    const { me } = await meFor('teacher@northbridge.example');
    const error = await failure(() => me.updateProfile({ firstName: '  ' }));
    expect(error.code).toBe('VALIDATION');
    expect(error.details?.fields).toHaveProperty('FirstName');
  });

  it('reads the profile statistics', async () => {
    const { me } = await meFor('teacher@northbridge.example');
    const stats = await me.getProfileStats();
    expect(stats.videos).toBeGreaterThanOrEqual(2);
    expect(Object.values(stats).every((n) => typeof n === 'number')).toBe(true);
    expect(Object.keys(stats)).toEqual(
      expect.arrayContaining(['videos', 'taggedVideos', 'portfolios', 'communities', 'comments', 'files']),
    );
  });
});

describe('organisations', () => {
  it('lists the organisations and switches the default one', async () => {
    const { me } = await meFor('admin@northbridge.example');
    const organisations = await me.getMyOrganisations();
    expect(organisations).toHaveLength(2);
    const other = organisations.find((o) => !o.isDefault)!;
    expect(other.name).toBe('Lakeside Teacher College');
    expect(await me.switchDefaultOrganisation(other.id)).toEqual({ defaultOrganisationId: other.id });
    const profile = await me.getProfile();
    expect(profile.defaultOrganisationId).toBe(other.id);
    expect((await me.getMyOrganisations()).find((o) => o.isDefault)?.id).toBe(other.id);
  });

  it('switching to an organisation one is not in is FORBIDDEN, an unknown one NOT_FOUND', async () => {
    const { me } = await meFor('student@lakeside.example');
    const riverside = running.sandbox.ctx.db
      .prepare("SELECT id FROM organisations WHERE email_domain = 'riverside.example'")
      .pluck()
      .get() as number;
    expect((await failure(() => me.switchDefaultOrganisation(riverside))).code).toBe('FORBIDDEN');
    expect((await failure(() => me.switchDefaultOrganisation(999_999))).code).toBe('NOT_FOUND');
  });
});

describe('terms', () => {
  it('the newcomer has not accepted the terms; after accepting, the profile says so', async () => {
    const { me } = await meFor('newcomer@lakeside.example');
    expect((await me.getProfile()).hasAcceptedTerms).toBe(false);
    await me.acceptTerms();
    expect((await me.getProfile()).hasAcceptedTerms).toBe(true);
  });
});

describe('profile picture', () => {
  const png = () => {
    const path = join(files, `picture-${Date.now()}.png`);
    writeFileSync(
      path,
      encodePng(48, 48, (x, y) => [x * 5, y * 5, 128]),
    );
    return path;
  };

  it('streams a PNG from disk, reports progress, and the profile then shows it', async () => {
    const { me } = await meFor('student@lakeside.example');
    const profile = await me.getProfile();
    const path = png();
    const progress: [number, number][] = [];
    const { pictureUrl } = await me.uploadProfilePicture(profile.id, path, {
      onProgress: (sent, total) => progress.push([sent, total]),
    });
    expect(pictureUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\//);
    expect((await me.getProfile()).pictureUrl).toBe(pictureUrl);
    const served = Buffer.from(await (await fetch(pictureUrl!)).arrayBuffer());
    expect(served.equals(encodePng(48, 48, (x, y) => [x * 5, y * 5, 128]))).toBe(true);
    const last = progress.at(-1)!;
    expect(last[0]).toBe(last[1]);
    expect(last[1]).toBeGreaterThan(served.length);
  });

  it('after the token expired mid-session, the upload refreshes and sends the file again from the start', async () => {
    const { me, session } = await meFor('mentor@lakeside.example');
    const profile = await me.getProfile();
    await control(running.url, 'POST', '/sandbox/tokens/expire');
    const { pictureUrl } = await me.uploadProfilePicture(profile.id, png());
    expect(session.refreshes).toBe(1);
    expect((await me.getProfile()).pictureUrl).toBe(pictureUrl);
  });

  it('refuses a file that is not a picture before sending anything, whatever its name', async () => {
    const { me } = await meFor('student@lakeside.example');
    const fake = join(files, 'not-really.png');
    writeFileSync(fake, '%PDF-1.7 this is a document');
    const error = await failure(() => me.uploadProfilePicture(1, fake));
    expect(error.code).toBe('FILE_PROBLEM');
    expect(error.message).toContain('PNG, JPEG, GIF or WebP');
    expect((await failure(() => me.uploadProfilePicture(1, join(files, 'gone.png')))).code).toBe('FILE_PROBLEM');
  });

  it("another person's picture is FORBIDDEN", async () => {
    const { me } = await meFor('student@lakeside.example');
    const teacher = running.sandbox.ctx.db
      .prepare("SELECT id FROM users WHERE email = 'teacher@northbridge.example'")
      .pluck()
      .get() as number;
    expect((await failure(() => me.uploadProfilePicture(teacher, png()))).code).toBe('FORBIDDEN');
  });

  it('a picture over the service limit is TOO_LARGE', async () => {
    const small = await startSandbox({ maxUploadBytes: 2000 });
    try {
      const org = createOrganisation(small.sandbox.ctx, 'Small Limits School');
      const user = createUserWithToken(small.sandbox.ctx, { roles: { [org]: [] } });
      const me = createMeApi(
        connect({ accessToken: async () => user.token, refreshAfter401: async () => undefined }, small.url),
      );
      const big = join(files, 'big.png');
      writeFileSync(
        big,
        encodePng(200, 200, (x, y) => [(x * y) % 256, x % 256, y % 256]),
      );
      expect((await failure(() => me.uploadProfilePicture(user.id, big))).code).toBe('TOO_LARGE');
    } finally {
      await small.stop();
    }
  });
});

describe('sign-in methods (anonymous)', () => {
  it.each([
    ['admin@northbridge.example', { password: true, sso: true, organisationName: 'Northbridge University' }],
    ['mentor@lakeside.example', { password: true, sso: false, organisationName: 'Lakeside Teacher College' }],
    ['head@riverside.example', { password: false, sso: true, organisationName: 'Riverside School Trust' }],
    ['someone@unknown-school.example', { password: true, sso: false }],
  ])('%s', async (email, expected) => {
    const methods = await fetchLoginMethods(connect(), email);
    expect(methods).toMatchObject({ ...expected, recognised: true });
    if (expected.sso) expect(methods.ssoUrl).toBe(`${running.url}/oauth2/authorize`);
    else expect(methods.ssoUrl).toBeUndefined();
  });

  it('a malformed address is VALIDATION', async () => {
    expect((await failure(() => fetchLoginMethods(connect(), 'not an address'))).code).toBe('VALIDATION');
  });
});
