import { describe, expect, it } from 'vitest';
import { TrustedDrops } from '../../../preload/bridge/trusted-drops';

/** Files as the browser gives them for a drop from the desktop: their path is known to the preload only. */
const file = (path: string) => ({ path });

function watcher() {
  const registered: string[][] = [];
  let now = 0;
  const drops = new TrustedDrops({
    pathForFile: (value) => (value as { path?: string }).path ?? '',
    register: async (paths) => {
      registered.push(paths);
      return { ok: true, data: { dropId: `drop-${registered.length}` } };
    },
    now: () => now,
  });
  return { drops, registered, later: (ms: number) => (now += ms) };
}

describe('drops the preload saw itself', () => {
  it('registers a trusted drop and answers its id for the files in it, once', async () => {
    const { drops, registered } = watcher();
    const [a, b] = [file('/home/ada/a.mp4'), file('/home/ada/b.pdf')];
    drops.observe({ isTrusted: true, dataTransfer: { files: [a, b] } });
    expect(registered).toEqual([['/home/ada/a.mp4', '/home/ada/b.pdf']]);
    expect(await drops.idFor([b])).toBe('drop-1');
    expect(await drops.idFor([a, b])).toBeUndefined();
  });

  it('ignores untrusted events and drops without paths', async () => {
    const { drops, registered } = watcher();
    drops.observe({ isTrusted: false, dataTransfer: { files: [file('/etc/passwd')] } });
    drops.observe({ isTrusted: true, dataTransfer: { files: [{}] } });
    drops.observe({ isTrusted: true, dataTransfer: null });
    expect(registered).toEqual([]);
    expect(await drops.idFor([file('/etc/passwd')])).toBeUndefined();
  });

  it('finds the newest drop holding every file, within a minute', async () => {
    const { drops, later } = watcher();
    drops.observe({ isTrusted: true, dataTransfer: { files: [file('/a'), file('/b')] } });
    drops.observe({ isTrusted: true, dataTransfer: { files: [file('/a')] } });
    expect(await drops.idFor([file('/a')])).toBe('drop-2');
    expect(await drops.idFor([file('/a'), file('/b')])).toBe('drop-1');
    drops.observe({ isTrusted: true, dataTransfer: { files: [file('/c')] } });
    later(60_001);
    expect(await drops.idFor([file('/c')])).toBeUndefined();
  });

  it('has no id for a drop main refused', async () => {
    const drops = new TrustedDrops({
      pathForFile: (value) => (value as { path: string }).path,
      register: async () => ({ ok: false, error: { code: 'UNAUTHENTICATED', message: 'Sign in.' } }),
    });
    drops.observe({ isTrusted: true, dataTransfer: { files: [file('/a')] } });
    expect(await drops.idFor([file('/a')])).toBeUndefined();
  });
});
