import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const childScript = fileURLToPath(new URL('./vault-child.ts', import.meta.url));

export interface ChildResult {
  opened: { backend: string; keychainProblem?: string; reason?: string; advice?: string };
  openMs: number;
  savedTo: string;
  saveMs: number;
  status: { backend: string; persistent: boolean; keychainProblem?: string; fileProblem?: string; reason?: string };
  changes: unknown[];
  loadedBack: boolean;
  logs: string[];
  error?: string;
}

export function tempFolder(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Every byte of every file under `dir` (to prove a secret is not among them). */
export function bytesUnder(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'latin1'))
    .join('\n');
}

export function hasCommands(...commands: string[]): boolean {
  return commands.every((command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0);
}

/**
 * Runs the vault child (see vault-child.ts) in its own process group, reads its RESULT line, then
 * kills the whole group: the child may hold a keytar call that never returns, and a private D-Bus
 * session started for it must end with it.
 */
export function runVaultChild(options: {
  dataDir: string;
  scenario?: string;
  env: NodeJS.ProcessEnv;
  /** Wraps the node command, e.g. in dbus-run-session. */
  wrap?: (command: string[]) => string[];
  limitMs?: number;
}): Promise<ChildResult> {
  const node = [process.execPath, '--import', 'tsx', childScript, options.dataDir, options.scenario ?? 'open'];
  const [command, ...args] = options.wrap ? options.wrap(node) : node;
  const child = spawn(command as string, args, { env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    const finish = (outcome: () => void) => {
      clearTimeout(limit);
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
      outcome();
    };
    const limit = setTimeout(
      () => finish(() => reject(new Error(`vault child gave no result in time; stderr: ${stderr}`))),
      options.limitMs ?? 20_000,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((text) => text.startsWith('RESULT '));
      if (line) finish(() => resolve(JSON.parse(line.slice('RESULT '.length)) as ChildResult));
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => {
      if (!stdout.includes('RESULT ')) finish(() => reject(new Error(`vault child exited ${code}; stderr: ${stderr}`)));
    });
  });
}

/** Locks the default collection of the session's Secret Service (secret-tool cannot lock). */
export const LOCK_LOGIN_COLLECTION =
  'gdbus call --session --dest org.freedesktop.secrets --object-path /org/freedesktop/secrets --method org.freedesktop.Secret.Service.Lock "[\'/org/freedesktop/secrets/collection/login\']" >/dev/null';

/**
 * A private D-Bus session with its own unlocked gnome-keyring (in temporary folders, so neither
 * the user's keyrings nor the shared test session are touched), running `before` first.
 * `neverAnsweringPrompter` swaps the system prompter for one that never answers, as a real unlock
 * dialog nobody clicks would behave.
 */
export function privateKeyringSession(before: string, options: { neverAnsweringPrompter?: boolean } = {}) {
  const root = tempFolder('vault-bus-');
  const runtime = join(root, 'runtime');
  mkdirSync(runtime);
  chmodSync(runtime, 0o700);
  const configArgs: string[] = [];
  if (options.neverAnsweringPrompter) {
    const services = join(root, 'services');
    mkdirSync(services);
    writeFileSync(
      join(services, 'org.gnome.keyring.SystemPrompter.service'),
      '[D-BUS Service]\nName=org.gnome.keyring.SystemPrompter\nExec=/bin/sleep 300\n',
    );
    // Our service folder first: the first definition of a name wins.
    writeFileSync(
      join(root, 'bus.conf'),
      `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=${root}</listen>
  <auth>EXTERNAL</auth>
  <servicedir>${services}</servicedir>
  <standard_session_servicedirs/>
  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>
`,
    );
    configArgs.push(`--config-file=${join(root, 'bus.conf')}`);
  }
  const script =
    'printf %s pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1 || exit 97; ' +
    `${before}; exec "$@"`;
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_DATA_HOME: join(root, 'data'), XDG_RUNTIME_DIR: runtime };
  delete env.DBUS_SESSION_BUS_ADDRESS;
  return {
    env,
    wrap: (command: string[]) => ['dbus-run-session', ...configArgs, '--', 'sh', '-c', script, 'sh', ...command],
  };
}
