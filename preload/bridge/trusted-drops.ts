/**
 * The drops the preload saw with its own eyes. It listens on the window (capture phase, so before any
 * listener of the page) for `drop` events the browser made for a real drag from the desktop:
 * `isTrusted` is false for every event a page script dispatches. For each, it reads the dropped
 * files' paths and registers them with main, which keeps them under a one-time id. When the page then
 * asks to upload files it was dropped, the bridge finds the drop they came in and names it to main by
 * that id, so nothing the page passes (a File made by script, one from an earlier drop, a path) can
 * admit a file the user did not just drop.
 *
 * Shared by the Electron preload (webUtils.getPathForFile) and the end-to-end harness (a stand-in).
 */

/** What the preload reads of a drop event. */
export interface DropEventLike {
  readonly isTrusted: boolean;
  readonly dataTransfer: { readonly files: ArrayLike<unknown> } | null;
}

export interface TrustedDropsDeps {
  /** The path on disk of a dropped File; '' for anything else (a File made by script has none). */
  pathForFile(file: unknown): string;
  /** Hands main a drop's paths (`uploads:register-drop`); answers its Result with the drop's id. */
  register(paths: string[]): Promise<unknown>;
  now?: () => number;
}

/** How long the page has to ask for a drop (it asks at once, from its own drop handler). */
const FRESH_MS = 60_000;
/** Drops remembered at most. */
const REMEMBERED = 8;

interface SeenDrop {
  paths: ReadonlySet<string>;
  at: number;
  id: Promise<string | undefined>;
}

export class TrustedDrops {
  private seen: SeenDrop[] = [];
  private readonly now: () => number;

  constructor(private readonly deps: TrustedDropsDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The window's capture-phase `drop` listener. */
  observe(event: DropEventLike): void {
    if (event.isTrusted !== true || !event.dataTransfer) return;
    const paths = Array.from(event.dataTransfer.files, (file) => this.deps.pathForFile(file)).filter(Boolean);
    if (paths.length === 0) return;
    const id = this.deps.register(paths).then(dropIdOf, () => undefined);
    this.seen = [...this.fresh(), { paths: new Set(paths), at: this.now(), id }].slice(-REMEMBERED);
  }

  /**
   * The id of the real drop these files came in (once: asking again needs a new drop); undefined when
   * any of them was not in one, or none has a path.
   */
  async idFor(files: readonly unknown[]): Promise<string | undefined> {
    // A File without a path (a virtual file from an archive viewer) cannot be uploaded anyway.
    const paths = files.map((file) => this.deps.pathForFile(file)).filter(Boolean);
    if (paths.length === 0) return undefined;
    const drop = this.fresh()
      .reverse()
      .find((candidate) => paths.every((path) => candidate.paths.has(path)));
    if (!drop) return undefined;
    this.seen = this.seen.filter((candidate) => candidate !== drop);
    return drop.id;
  }

  private fresh(): SeenDrop[] {
    const now = this.now();
    return this.seen.filter((drop) => now - drop.at <= FRESH_MS);
  }
}

/** The id in main's answer `{ ok: true, data: { dropId } }`; undefined for a refusal. */
function dropIdOf(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null || !('ok' in answer) || answer.ok !== true) return undefined;
  const data = 'data' in answer ? answer.data : undefined;
  if (typeof data !== 'object' || data === null || !('dropId' in data)) return undefined;
  return typeof data.dropId === 'string' ? data.dropId : undefined;
}
