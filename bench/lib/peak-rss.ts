import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Peak resident memory of this process during a phase. On Linux the kernel's own high-water mark
 * (VmHWM) is reset at the start (writing 5 to /proc/self/clear_refs) and read at the end, so no
 * short spike is missed; elsewhere RSS is sampled every 20 ms.
 */
export class PeakRss {
  private sampled = 0;
  private timer: NodeJS.Timeout | undefined;
  private kernelPeak = false;

  start(): void {
    this.sampled = process.memoryUsage.rss();
    try {
      writeFileSync('/proc/self/clear_refs', '5');
      this.kernelPeak = readHwm() !== undefined;
    } catch {
      this.kernelPeak = false;
    }
    this.timer = setInterval(() => {
      this.sampled = Math.max(this.sampled, process.memoryUsage.rss());
    }, 20);
  }

  /** Bytes. */
  stop(): number {
    clearInterval(this.timer);
    this.sampled = Math.max(this.sampled, process.memoryUsage.rss());
    const hwm = this.kernelPeak ? readHwm() : undefined;
    return Math.max(this.sampled, hwm ?? 0);
  }
}

function readHwm(): number | undefined {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
