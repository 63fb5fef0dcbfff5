/**
 * The sandbox for the upload benchmark, in its own process so that its memory and CPU are not
 * counted as the uploader's. Prints one JSON line {url, token, communityId, dataDir} once ready;
 * SIGTERM closes it and removes its data folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox } from '../../sandbox/src/server';
import { call, createOrganisation, createUserWithToken } from '../../test/support/sandbox-api';
import { announceAndServe } from './helper-process';

const dataDir = mkdtempSync(join(tmpdir(), 'bench-sandbox-'));
const sandbox = await createSandbox({ dataDir, maxUploadBytes: 16 * 1024 ** 3 });
const url = await sandbox.listen(0);
const org = createOrganisation(sandbox.ctx, 'Benchmark school');
const user = createUserWithToken(sandbox.ctx, { roles: { [org]: [] } });
const created = await call(url, user.token, 'POST', '/api/communities', {
  Name: 'Benchmark group',
  TypeId: 3,
  PrivacyLevelId: 1,
  VisibilityId: 3,
  InviteTypeId: 2,
  PostingPermissionTypeId: 1,
  CommentPostsType: true,
});
if (created.status !== 200) throw new Error(`Could not create the benchmark group: ${created.status}`);
announceAndServe({ url, token: user.token, communityId: Number(created.body), dataDir }, async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});
