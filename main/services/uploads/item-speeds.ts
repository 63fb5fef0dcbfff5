import { secondsLeftAt, SpeedWindow } from './speed-window';

/** One file's own pace while it is sent. */
export interface ItemPace {
  /** Over the same moving window as the queue's speed; 0 when nothing moved lately. */
  bytesPerSecond: number;
  /** null when nothing moves (no time can be promised); 0 once every byte has left. */
  secondsLeft: number | null;
}

/**
 * Each file's speed and time left while it is being sent, smoothed like the queue's (SpeedWindow): a
 * row's figures follow a slowing connection within seconds, yet do not jump with every progress
 * report. A file's window starts when its attempt began, so the bytes of its first report are spread
 * over the time they took; a new attempt starts a new window.
 */
export class ItemSpeeds {
  private readonly windows = new Map<string, { window: SpeedWindow; attemptStartedAt: number }>();

  constructor(private readonly windowMs: number) {}

  /** `bytes` more of the file left at `now`, in the attempt that began at `attemptStartedAt`. */
  moved(id: string, attemptStartedAt: number, now: number, bytes: number): void {
    let entry = this.windows.get(id);
    if (!entry || entry.attemptStartedAt !== attemptStartedAt) {
      entry = { window: new SpeedWindow(this.windowMs), attemptStartedAt };
      entry.window.reset(Math.min(attemptStartedAt, now));
      this.windows.set(id, entry);
    }
    entry.window.add(now, bytes);
  }

  /** The attempt ended: its figures go with it. */
  forget(id: string): void {
    this.windows.delete(id);
  }

  /** The pace of a file with `bytesLeft` to go; a file that has not moved yet has no speed and no time left. */
  paceOf(id: string, bytesLeft: number, now: number): ItemPace {
    const entry = this.windows.get(id);
    const bytesPerSecond = entry ? entry.window.bytesPerSecond(now) : 0;
    return { bytesPerSecond: Math.round(bytesPerSecond), secondsLeft: secondsLeftAt(bytesLeft, bytesPerSecond) };
  }
}
