import type { QuickJS } from 'quickjs-wasi';
import { fetchPacText, type PacSource } from './pac-fetch';

/** A compiled PAC file's FindProxyForURL: a PAC-style answer ("PROXY host:port; DIRECT") for a URL. */
export type FindProxyForUrl = (url: string) => Promise<string>;

/** A PAC file ready to ask, and where its text came from (the resolver warns about plain http). */
export interface LoadedPac {
  find: FindProxyForUrl;
  /** The address the text was read from in the end, after any redirects. */
  fetchedFrom: string;
}

export interface PacRunLimits {
  /**
   * The longest evaluating the file may take (its top level, and defining FindProxyForURL). More than
   * `runMs`, because the interpreter's first run also warms it up, which on a slow, busy computer takes
   * tens of milliseconds; it happens once per fetch of the file.
   */
  compileMs: number;
  /**
   * The longest the interpreter may run without a break (one synchronous stretch of the script):
   * main's event loop, and with it IPC and uploads, waits for that long at most. Real PAC files need
   * well under a millisecond per answer; a file that runs this long is broken or hostile.
   */
  runMs: number;
  /** The longest one answer may take in all, waits for the PAC's DNS look-ups included. */
  answerMs: number;
  /** The interpreter's memory: an allocation past it fails inside the script. */
  memoryBytes: number;
}

export const defaultPacRunLimits: PacRunLimits = {
  compileMs: 1_000,
  runMs: 200,
  answerMs: 5_000,
  memoryBytes: 32 * 1024 * 1024,
};

/**
 * The PAC file did not answer in time. `hung`: the script itself ran past `runMs` (an endless loop,
 * say); the interpreter was stopped and this file is not run again. Otherwise its DNS look-ups took
 * too long for this one answer.
 */
export class PacTimeout extends Error {
  override readonly name = 'PacTimeout';
  constructor(
    readonly limitMs: number,
    readonly hung: boolean,
  ) {
    super(
      hung
        ? `the PAC file ran for more than ${limitMs} ms without stopping and was stopped`
        : `the PAC file gave no answer within ${limitMs} ms`,
    );
  }
}

export interface LoadPacOptions {
  fetchText?: (pacUrl: string) => Promise<PacSource>;
  limits?: Partial<PacRunLimits>;
}

/**
 * Fetches a PAC file (pac-fetch.ts: capped in size) and compiles it in QuickJS compiled to WebAssembly
 * (pac-resolver): a PAC file is a script from the network, so it runs in an interpreter with no access
 * to Node, never in `vm` (not a security boundary). The interpreter shares main's thread, so its
 * interrupt handler stops any stretch of the script that runs past `runMs` (`compileMs` when the file is
 * first evaluated, so a top-level `while (true) {}` is stopped too), and an answer that takes longer
 * than `answerMs` in all is given up.
 */
export async function loadPacScript(pacUrl: string, options: LoadPacOptions = {}): Promise<LoadedPac> {
  const limits = { ...defaultPacRunLimits, ...options.limits };
  const source = await (options.fetchText ?? fetchPacText)(pacUrl);
  // Loaded on first use: most machines have no PAC policy and never pay for the interpreter.
  const [{ createPacResolver }, { QuickJS }] = await Promise.all([import('pac-resolver'), import('quickjs-wasi')]);
  const guard = new RunGuard(limits.runMs);
  const vm = await QuickJS.create({ interruptHandler: guard.interrupt, memoryLimit: limits.memoryBytes });
  guard.watch(vm);
  let find: (url: string) => Promise<string>;
  try {
    find = guard.running(() => createPacResolver(vm, source.text, { filename: 'proxy.pac' }), limits.compileMs);
  } catch (error) {
    throw guard.explain(error);
  }
  return {
    fetchedFrom: source.fetchedFrom,
    find: (url) => guard.answer(() => find(url), limits.answerMs),
  };
}

/**
 * Keeps the interpreter from holding main's thread. Each entry into it (evaluating the file, calling
 * FindProxyForURL, running the jobs a DNS answer resumes) is timed, and the interrupt handler stops
 * the one that passes `runMs`. After that the file counts as hung: nothing of it runs again.
 */
class RunGuard {
  private runStartedAt: number | undefined;
  private runLimitMs: number;
  private hung = false;
  private readonly pending = new Set<(error: Error) => void>();

  constructor(private readonly runMs: number) {
    this.runLimitMs = runMs;
  }

  /** QuickJS asks this every few thousand instructions; true stops the script with an uncatchable error. */
  readonly interrupt = (): boolean => {
    if (this.hung) return true;
    if (this.runStartedAt === undefined || performance.now() - this.runStartedAt <= this.runLimitMs) return false;
    this.hung = true;
    return true;
  };

  /**
   * Times every entry into the interpreter. pac-resolver (through degenerator) enters it with
   * `evalCode`, `callFunction` and `executePendingJobs`, the last also from a DNS answer's callback,
   * outside any call of ours: there an interrupted job would throw into nothing (an unhandled
   * rejection), so it is caught and fails the answers waiting on it instead.
   */
  watch(vm: QuickJS): void {
    const evalCode = vm.evalCode.bind(vm);
    const callFunction = vm.callFunction.bind(vm);
    const executePendingJobs = vm.executePendingJobs.bind(vm);
    vm.evalCode = (...args) => this.running(() => evalCode(...args));
    vm.callFunction = (...args) => this.running(() => callFunction(...args));
    vm.executePendingJobs = () => {
      try {
        return this.running(executePendingJobs);
      } catch (error) {
        this.failPending(this.explain(error));
        return 0;
      }
    };
  }

  /** Runs one entry into the interpreter, allowed `limitMs` (default `runMs`). */
  running<T>(run: () => T, limitMs = this.runMs): T {
    if (this.hung) throw new PacTimeout(this.runLimitMs, true);
    // Nested entries (a job run from inside a call) count towards the outer one's time.
    if (this.runStartedAt !== undefined) return run();
    this.runStartedAt = performance.now();
    this.runLimitMs = limitMs;
    try {
      return run();
    } finally {
      this.runStartedAt = undefined;
    }
  }

  /** One answer, given up after `answerMs`; a hung script fails at once. */
  answer(ask: () => Promise<string>, answerMs: number): Promise<string> {
    if (this.hung) return Promise.reject(new PacTimeout(this.runLimitMs, true));
    return new Promise<string>((resolve, reject) => {
      const fail = (error: Error) => {
        clearTimeout(timer);
        this.pending.delete(fail);
        reject(error);
      };
      const timer = setTimeout(() => fail(new PacTimeout(answerMs, false)), answerMs);
      this.pending.add(fail);
      let asked: Promise<string>;
      try {
        asked = ask();
      } catch (error) {
        fail(this.explain(error));
        return;
      }
      asked.then(
        (answer) => {
          clearTimeout(timer);
          this.pending.delete(fail);
          resolve(String(answer));
        },
        (error: unknown) => fail(this.explain(error)),
      );
    });
  }

  /** An error from the interpreter, as a PacTimeout when it was our interrupt that caused it. */
  explain(error: unknown): Error {
    if (this.hung) return new PacTimeout(this.runLimitMs, true);
    return error instanceof Error ? error : new Error(String(error));
  }

  private failPending(error: Error): void {
    for (const fail of [...this.pending]) fail(error);
  }
}
