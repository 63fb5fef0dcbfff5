import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface StartLine {
  url: string;
  tokenUrl: string;
  dataDir: string;
  accounts: { email: string; password: string; roles: string; loginMethod: string }[];
}

describe('sandbox CLI', () => {
  let child: ChildProcess;
  let dataDir: string;
  let line: StartLine;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
    child = spawn(
      process.execPath,
      ['--import', 'tsx', 'sandbox/src/cli.ts', '--json', '--port', '0', '--data', dataDir, '--controls'],
      {
        cwd: process.cwd(),
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const first = await new Promise<string>((resolve, reject) => {
      const rl = createInterface({ input: child.stdout! });
      rl.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`CLI exited with ${code}`)));
    });
    line = JSON.parse(first) as StartLine;
  }, 60_000);
  afterAll(() => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints one JSON line with the URL, token URL, data folder and demo accounts', () => {
    expect(line.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(line.tokenUrl).toBe(`${line.url}/oauth2/token`);
    expect(line.dataDir).toBe(dataDir);
    const emails = line.accounts.map((a) => a.email);
    expect(emails).toEqual(
      expect.arrayContaining(['admin@northbridge.example', 'locked@lakeside.example', 'head@riverside.example']),
    );
    expect(line.accounts.find((a) => a.email === 'head@riverside.example')!.loginMethod).toBe('sso');
  });

  it('answers health and signs a demo account in with the printed password', async () => {
    expect(await (await fetch(`${line.url}/sandbox/health`)).json()).toEqual({ Ok: true });
    const account = line.accounts.find((a) => a.email === 'admin@northbridge.example')!;
    const response = await fetch(line.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: account.email,
        password: account.password,
        client_id: 'cli-test',
      }).toString(),
    });
    expect(response.status).toBe(200);
    const { access_token } = (await response.json()) as { access_token: string };
    const me = (await (
      await fetch(`${line.url}/api/me`, { headers: { authorization: `Bearer ${access_token}` } })
    ).json()) as {
      Organisations: unknown[];
    };
    expect(me.Organisations).toHaveLength(2);
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
