import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * The benchmarks run the sandbox in a process of its own, so its CPU and memory are not counted as the
 * app's. The helper prints one JSON line once ready and runs until told to stop.
 */
export async function startHelperProcess<T>(
  script: string,
  args: string[] = [],
): Promise<T & { stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`The sandbox process exited early (${code}).`)));
  });
  return {
    ...(JSON.parse(line) as T),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** In the helper: print what the benchmark needs, then close cleanly when it says stop (or on Ctrl+C). */
export function announceAndServe(facts: unknown, close: () => Promise<void>): void {
  process.stdout.write(`${JSON.stringify(facts)}\n`);
  const stop = async () => {
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
