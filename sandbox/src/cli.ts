import { startFromArgs, usage, UsageError, type StartedSandbox } from './start.js';

/** `npm run sandbox -- [options]`: runs the sandbox service until SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  let started: StartedSandbox;
  try {
    started = await startFromArgs(argv);
  } catch (error) {
    const bad = error as { code?: string; message?: string };
    if (error instanceof UsageError || bad.code?.startsWith('ERR_PARSE_ARGS')) {
      if (bad.message) console.error(bad.message);
      console.error(usage);
      // --help is a UsageError without a message: not a failure.
      process.exit(error instanceof UsageError && !bad.message ? 0 : 2);
    }
    throw error;
  }
  const { url, tokenUrl, accounts, dataDir, seeded, sandbox, caPath } = started;
  if (argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ url, tokenUrl, accounts, dataDir, ...(caPath ? { caPath } : {}) })}\n`);
  } else {
    const lines = [
      '',
      `Sandbox service listening on ${url}`,
      `  API base URL: ${url}`,
      `  Token URL:    ${tokenUrl}`,
      `  Sign-in page: ${url}/oauth2/authorize`,
      `  Data folder:  ${dataDir}${seeded ? ' (seeded with demo data now)' : ''}`,
      ...(caPath ? [`  CA (PEM):     ${caPath} (trust it, or name it in the CaCertificateFile policy)`] : []),
      `  Controls:     ${sandbox.ctx.config.controls ? `${url}/sandbox/ (outbox, simulate, faults)` : 'off (start with --controls)'}`,
      '',
      'Demo accounts (password for all: demo-password):',
      ...accounts.map(
        (a) => `  ${a.email.padEnd(32)} ${a.loginMethod.padEnd(16)} ${a.roles}${a.note ? ` - ${a.note}` : ''}`,
      ),
      '',
      'Press Ctrl+C to stop.',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await sandbox.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
