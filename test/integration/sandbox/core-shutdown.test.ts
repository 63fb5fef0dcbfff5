import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../support/sandbox.js';
import { createOrganisation, createUserWithToken } from '../../support/sandbox-api.js';

describe('shutting the sandbox down', () => {
  it('does not wait forever for a request whose client never finishes sending it', async () => {
    const s = await startSandbox();
    const org = createOrganisation(s.sandbox.ctx);
    const user = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
    // An upload that announces 1 MB and sends 10 bytes, then goes quiet: its handler waits for the rest.
    const stalled = request(`${s.url}/api/files/fileupload/1`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(1_000_000),
      },
    });
    const cut = new Promise<string>((resolve) => {
      stalled.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      stalled.on('response', (response) => resolve(`answered ${response.statusCode}`));
    });
    stalled.write('--x\r\nab');
    await new Promise((resolve) => setTimeout(resolve, 200));

    // The close gives requests under way a grace of 2 s, then cuts their connections; without that it
    // waits for this client forever and the test's own time limit fails it.
    await s.stop();
    expect(await cut).toMatch(/ECONNRESET|socket hang up|answered 503/);
  }, 15_000);
});
