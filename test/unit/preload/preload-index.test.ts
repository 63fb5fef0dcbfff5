import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeElectron } from '../../support/fake-electron';
import { BRIDGE_GLOBAL, invokeChannels } from '../../../preload/contract';
import type { BridgeApi, BridgeTransport } from '../../../preload/bridge/build-api';

/**
 * The preload as Electron loads it: what it hands contextBridge is the page's only way to main, so it
 * must be the contract's named functions over ipcRenderer and nothing more.
 */

let api: BridgeApi;
let exposedNames: string[];
let transport: BridgeTransport;

beforeAll(async () => {
  fakeElectron.reset();
  // Importing the preload runs it, as Electron does before the page.
  transport = (await import('../../../preload/index')).electronTransport;
  exposedNames = [...fakeElectron.state.exposedInMainWorld.keys()];
  api = fakeElectron.state.exposedInMainWorld.get(BRIDGE_GLOBAL) as BridgeApi;
});

// The exposed object keeps working across resets: the fake's ipcRenderer reads the current state.
beforeEach(() => fakeElectron.reset());

/** Every function of the exposed object, with its dotted name. */
function functionsOf(value: object, prefix = ''): [string, (...args: unknown[]) => unknown][] {
  return Object.entries(value).flatMap(([key, inner]) => {
    if (typeof inner === 'function') return [[`${prefix}${key}`, inner as (...args: unknown[]) => unknown]];
    expect(inner, `${prefix}${key}`).toBeTypeOf('object');
    return functionsOf(inner as object, `${prefix}${key}.`);
  });
}

const invokes = () => fakeElectron.state.rendererInvokes;

describe('the preload', () => {
  it('exposes one object, and in it only the contract’s functions and `on`', async () => {
    expect(exposedNames).toEqual([BRIDGE_GLOBAL]);
    const functions = functionsOf(api);
    // No generic door: nothing that takes a channel name, and not ipcRenderer itself.
    expect(functions.map(([name]) => name).filter((name) => /invoke|send|ipcRenderer|transport/i.test(name))).toEqual(
      [],
    );
    const calls = functions.filter(([name]) => name !== 'on');
    for (const [, fn] of calls) await fn('x');
    expect(
      invokes()
        .map((call) => call.channel)
        .sort(),
    ).toEqual(Object.keys(invokeChannels).sort());
    expect(calls).toHaveLength(Object.keys(invokeChannels).length);
  });

  it('passes arguments to ipcRenderer.invoke as they are, and hands back main’s answer', async () => {
    const answer = await api.notifications.markSeen([3, 4]);
    expect(invokes()).toEqual([{ channel: 'notifications:mark-seen', args: [[3, 4]] }]);
    expect(answer).toEqual({ ok: true, data: null });
  });

  it('rejects a channel outside the contract without reaching ipcRenderer', async () => {
    for (const channel of ['evil:channel', '__proto__', 'toString']) {
      await expect(transport.invoke(channel as never, [])).rejects.toThrow(/Unknown channel/);
    }
    expect(invokes()).toEqual([]);
  });

  it('reads the path of a dropped file only from a real File', async () => {
    const dropped = Object.assign(new File(['video'], 'lesson.mp4'), { path: '/home/teacher/lesson.mp4' });
    const forged = { path: '/home/teacher/.ssh/id_rsa', name: 'id_rsa' };
    await api.uploads.drop({ kind: 'my-files' } as never, [dropped, forged]);
    expect(invokes()).toEqual([
      {
        channel: 'uploads:drop',
        args: [{ target: { kind: 'my-files' }, paths: ['/home/teacher/lesson.mp4', ''] }],
      },
    ]);
  });

  it('delivers events with their payload only, and stops when unsubscribed', () => {
    const events = fakeElectron.state.rendererEvents;
    const heard: unknown[][] = [];
    const off = api.on('session:changed', (...args: unknown[]) => heard.push(args));
    expect(events.listenerCount('session:changed')).toBe(1);
    // Electron's event object holds `sender` (ipcRenderer): it must never reach the page.
    events.emit('session:changed', { sender: 'ipcRenderer' }, { status: 'signed-out' });
    expect(heard).toEqual([[{ status: 'signed-out' }]]);
    off();
    expect(events.listenerCount('session:changed')).toBe(0);
    events.emit('session:changed', { sender: 'ipcRenderer' }, { status: 'signed-in' });
    expect(heard).toHaveLength(1);
  });

  it('subscribes to no event outside the contract', () => {
    expect(() => api.on('evil:event' as never, () => undefined)).toThrow(/Unknown event channel/);
    expect(() => transport.subscribe('evil:event' as never, () => undefined)).toThrow(/Unknown event channel/);
    expect(fakeElectron.state.rendererEvents.eventNames()).toEqual([]);
  });
});
