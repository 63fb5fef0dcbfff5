import { readdirSync, readFileSync, statSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { test, expect, expectSignedIn, type Harness } from '../harness/fixtures';
import { createOrganisation, createUserWithToken } from '../../support/sandbox-api';

test.use({ withSandbox: true });

/** Every file under a folder, as text (binary read as latin1 so any embedded ASCII token shows). */
function filesUnder(dir: string): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [{ path, text: readFileSync(path).toString('latin1') }];
  });
}

/** A small valid PNG (one pixel), for the profile picture. */
function writePng(): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 2;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 30, 120, 200]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const path = join(mkdtempSync(join(tmpdir(), 'vc-picture-')), 'me.png');
  writeFileSync(path, png);
  return path;
}

async function collectSecrets(harness: Harness, origin: string, into: Set<string>): Promise<void> {
  const access = await harness.host.composition.session.accessToken();
  if (access) into.add(access);
  const account = await harness.host.vault.lastAccount(origin);
  const stored = account ? await harness.host.vault.loadSession(origin, account) : undefined;
  if (stored) {
    const parsed = JSON.parse(stored) as { refreshToken?: string; accessToken?: string };
    if (parsed.refreshToken) into.add(parsed.refreshToken);
    if (parsed.accessToken) into.add(parsed.accessToken);
  }
}

test('after a whole session, no token or password is in any bridge answer, event, page, storage, file or log', async ({
  harness,
}) => {
  const { page } = harness;
  const sandbox = harness.sandbox!;
  const origin = new URL(sandbox.url).origin;
  const password = 'Leak-check-pw-5f2b9e!';
  const org = createOrganisation(sandbox.sandbox.ctx, 'Leak Check School');
  const user = createUserWithToken(sandbox.sandbox.ctx, {
    email: 'leak.check@leakcheck.example',
    firstName: 'Lee',
    lastName: 'Kage',
    roles: { [org]: [] },
    password,
  });
  const secrets = new Set<string>([password, user.token]);
  const snapshots: string[] = [];
  const snapshotPage = async () => {
    snapshots.push(await page.content());
    snapshots.push(
      await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } })),
    );
  };

  await harness.open('/');
  await page.getByLabel('Email address').fill('leak.check@leakcheck.example');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(page);
  await collectSecrets(harness, origin, secrets);
  await snapshotPage();

  await harness.open('/account');
  await page.getByLabel('Job title').fill('Mentor');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  // A new picture goes through the upload queue: its progress events and journal are checked too.
  harness.host.nextUploadPaths = [writePng()];
  await page.getByRole('button', { name: 'Change picture…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Upload one file' }).click();
  await expect(page.locator('.profile__picture img')).toBeVisible();
  await snapshotPage();

  // A refresh: new access and refresh tokens join the list of things that must not leak.
  const firstAccessToken = await harness.host.composition.session.accessToken();
  await fetch(`${sandbox.url}/sandbox/tokens/expire`, { method: 'POST' });
  await harness.open('/about');
  await harness.open('/account');
  await expect(page.getByTestId('profile-stats')).toBeVisible();
  await expect.poll(() => harness.host.composition.session.accessToken()).not.toBe(firstAccessToken);
  await collectSecrets(harness, origin, secrets);
  await snapshotPage();

  await page.getByTestId('account-button').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in', level: 2 })).toBeVisible();
  await snapshotPage();

  expect(secrets.size).toBe(6); // the password, the test's own token, two access tokens, two refresh tokens
  const haystacks: { where: string; text: string }[] = [
    { where: 'bridge answers', text: JSON.stringify(harness.responses) },
    { where: 'events to the page', text: JSON.stringify(harness.host.events) },
    { where: 'log lines', text: JSON.stringify(harness.host.logLines) },
    ...snapshots.map((text, i) => ({ where: `page snapshot ${i}`, text })),
    ...filesUnder(harness.host.dataFolder).map((f) => ({ where: f.path, text: f.text })),
  ];
  expect(harness.responses.length).toBeGreaterThan(10);
  expect(harness.host.logLines.length).toBeGreaterThan(0);
  const leaks = haystacks.flatMap(({ where, text }) =>
    [...secrets].filter((secret) => text.includes(secret)).map((secret) => `${where} contains ${secret.slice(0, 6)}…`),
  );
  expect(leaks).toEqual([]);
});
