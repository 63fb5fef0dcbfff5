import { afterEach, describe, expect, it } from 'vitest';
import { loadPacScript, PacTimeout } from '../../../../../main/api/proxy/pac-script';

/**
 * A PAC file is a script from the network, run in QuickJS on main's own thread: one that never stops
 * must not stop main (IPC, uploads) with it. Real QuickJS here; only the fetch is replaced by the text.
 * Limits are short so the tests are quick; the bounds asserted are loose, for a busy machine.
 */

const limits = { runMs: 50, answerMs: 1_000 };
const fromText = (text: string) => async () => ({ text, fetchedFrom: 'file:///etc/proxy.pac' });
const load = (text: string) => loadPacScript('file:///etc/proxy.pac', { fetchText: fromText(text), limits });

/** The longest the event loop went without running a 5 ms timer, from now until `stop()`. */
function watchEventLoop(): { stop(): number } {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(longest, performance.now() - last);
    },
  };
}

let watcher: { stop(): number } | undefined;
afterEach(() => void watcher?.stop());

describe('a PAC file that never stops', () => {
  it('is stopped within its time limit, main stays responsive, and it is not run again', async () => {
    const pac = await load('function FindProxyForURL(url, host) { while (true) {} }');
    watcher = watchEventLoop();
    const started = performance.now();
    const error = await pac.find('https://video.school.example/api/me').catch((caught: unknown) => caught);
    const took = performance.now() - started;
    expect(error).toBeInstanceOf(PacTimeout);
    expect(error).toMatchObject({ hung: true });
    // Today's code never returns here. The limit is 50 ms; the bound allows for a loaded machine.
    expect(took).toBeLessThan(1_500);

    // Set aside: the next answer fails at once, without running the loop again.
    const again = performance.now();
    await expect(pac.find('https://other.school.example/')).rejects.toBeInstanceOf(PacTimeout);
    expect(performance.now() - again).toBeLessThan(took);
    expect(watcher.stop()).toBeLessThan(1_000);
  });

  it('is stopped when the loop is at the top of the file, before FindProxyForURL exists', async () => {
    const started = performance.now();
    await expect(load('while (true) {}\nfunction FindProxyForURL() { return "DIRECT"; }')).rejects.toBeInstanceOf(
      PacTimeout,
    );
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('is stopped when it loops after a DNS look-up, without an unhandled error in main', async () => {
    // The loop runs as a job resumed by the look-up's answer, outside any call of the app's own.
    const pac = await load('function FindProxyForURL(url, host) { dnsResolve("localhost"); while (true) {} }');
    const error = await pac.find('https://video.school.example/').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PacTimeout);
  });

  it('still answers when the script is sound', async () => {
    const pac = await load(
      'function FindProxyForURL(url, host) { return dnsDomainIs(host, ".school.example") ? "PROXY p:3128" : "DIRECT"; }',
    );
    expect(await pac.find('https://video.school.example/')).toBe('PROXY p:3128');
    expect(await pac.find('https://elsewhere.example/')).toBe('DIRECT');
  });
});
