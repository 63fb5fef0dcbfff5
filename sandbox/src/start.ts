import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createSandbox, type Sandbox } from './server.js';
import { sandboxTls } from './tls.js';
import { isWireVariant, wireVariants, type WireVariant } from './http/wire.js';
import { DEMO_PASSWORD, demoAccounts, loginMethodOf } from './demo/accounts.js';
import { needsSeed, seedDemo } from './demo/generate.js';
import { Role } from './domain/roles.js';

export interface StartOptions {
  port: number;
  dataDir: string;
  profile: 'demo' | 'large';
  reset: boolean;
  controls: boolean;
  json: boolean;
  tokenTtlSeconds: number;
  /** Serve HTTPS with a certificate from the sandbox's own CA (made once in `<data>/tls`). */
  tls: boolean;
  /** How `/api` answers are written (docs/developing.md, "Wire variants"). */
  wire: WireVariant;
}

export interface AccountInfo {
  email: string;
  password: string;
  roles: string;
  loginMethod: string;
  note: string;
}

export interface StartedSandbox {
  url: string;
  tokenUrl: string;
  accounts: AccountInfo[];
  dataDir: string;
  seeded: boolean;
  sandbox: Sandbox;
  /** With `--tls`: the CA certificate's file (`<data>/tls/ca.pem`), to trust or name in the CaCertificateFile policy. */
  caPath?: string;
}

export const DEFAULT_PORT = 4010;

export const usage = `Usage: npm run sandbox -- [options]
  --port N            port on 127.0.0.1 (default ${DEFAULT_PORT}; 0 picks a free one)
  --data DIR          data folder (default .sandbox-data/<profile>)
  --profile P         demo (default) or large
  --reset             delete the data folder first and seed again
  --controls          enable the /sandbox/* test controls (outbox, simulate, faults)
  --json              print one JSON line {url, tokenUrl, accounts, dataDir} once listening
  --token-ttl SECONDS access-token lifetime (default 3600)
  --tls               serve HTTPS with a certificate from the sandbox's own CA (<data>/tls/ca.pem)
  --wire W            answer shapes: ${wireVariants.join(', ')} (default strict; see docs/developing.md "Wire variants")
  --help              show this help`;

export function parseStartArgs(argv: string[], cwd = process.cwd()): StartOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      profile: { type: 'string' },
      reset: { type: 'boolean' },
      controls: { type: 'boolean' },
      json: { type: 'boolean' },
      'token-ttl': { type: 'string' },
      tls: { type: 'boolean' },
      wire: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) throw new UsageError('');
  const profile = values.profile ?? 'demo';
  if (profile !== 'demo' && profile !== 'large') throw new UsageError(`Unknown profile '${profile}'.`);
  const port = Number(values.port ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`Invalid port '${values.port}'.`);
  const wire = values.wire ?? 'strict';
  if (!isWireVariant(wire)) throw new UsageError(`Unknown wire variant '${wire}' (${wireVariants.join(', ')}).`);
  const ttl = Number(values['token-ttl'] ?? 3600);
  if (!Number.isInteger(ttl) || ttl < 1) throw new UsageError(`Invalid token lifetime '${values['token-ttl']}'.`);
  return {
    port,
    dataDir: resolve(cwd, values.data ?? join('.sandbox-data', profile)),
    profile,
    reset: values.reset ?? false,
    controls: values.controls ?? false,
    json: values.json ?? false,
    tokenTtlSeconds: ttl,
    tls: values.tls ?? false,
    wire,
  };
}

export class UsageError extends Error {}

const roleNames: Record<number, string> = {
  [Role.User]: 'user',
  [Role.OrganisationAdmin]: 'organisation admin',
  [Role.SiteAdmin]: 'site admin',
};

export function accountList(): AccountInfo[] {
  return demoAccounts.map((a) => ({
    email: a.email,
    password: DEMO_PASSWORD,
    roles: Object.entries(a.roles)
      .map(([org, ids]) => `${org}: ${[4, ...(ids ?? [])].map((r) => roleNames[r] ?? String(r)).join(', ')}`)
      .join('; '),
    loginMethod: loginMethodOf(a.email),
    note: a.note,
  }));
}

/** Opens (seeding on first run or after --reset) and starts listening on 127.0.0.1. */
export async function startSandboxServer(options: StartOptions): Promise<StartedSandbox> {
  if (options.reset) rmSync(options.dataDir, { recursive: true, force: true });
  const tls = options.tls ? sandboxTls(options.dataDir) : undefined;
  const sandbox = await createSandbox({
    ...(tls ? { tls: { key: tls.key, cert: tls.cert } } : {}),
    dataDir: options.dataDir,
    controls: options.controls,
    tokenTtlSeconds: options.tokenTtlSeconds,
    wire: options.wire,
    logger: !options.json,
  });
  // Listen first: media URLs and invite links in seeded rows are built from the live origin on read.
  const url = await sandbox.listen(options.port);
  const seeded = needsSeed(sandbox.ctx);
  if (seeded) seedDemo(sandbox.ctx, options.profile);
  return {
    url,
    tokenUrl: `${url}/oauth2/token`,
    accounts: accountList(),
    dataDir: options.dataDir,
    seeded,
    sandbox,
    ...(tls ? { caPath: tls.caPath } : {}),
  };
}

/** Parses CLI arguments and starts; used by cli.ts and by launchers that spawn the CLI and read its JSON line. */
export async function startFromArgs(argv: string[]): Promise<StartedSandbox> {
  return startSandboxServer(parseStartArgs(argv));
}
