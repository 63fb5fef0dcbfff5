import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeElectron } from '../../support/fake-electron';
import { BRIDGE_GLOBAL, invokeChannels, preloadOnlyInvokeChannels } from '../../../preload/contract';
import type { BridgeApi, BridgeTransport } from '../../../preload/bridge/build-api';

/**
 * The preload as Electron loads it: what it hands contextBridge is the page's only way to main, so it
 * must be the contract's named functions over ipcRenderer and nothing more.
 */

let api: BridgeApi;
let exposedNames: string[];
let transport: BridgeTransport;
/** The preload's own listeners on the page's window (`drop`, capture phase). */
const windowListeners: { type: string; listener: (event: unknown) => void; capture: unknown }[] = [];

beforeAll(async () => {
  fakeElectron.reset();
  // The preload runs in the page's window; here a stand-in that keeps what is added to it.
  (globalThis as unknown as { addEventListener: unknown }).addEventListener = (
    type: string,
    listener: (event: unknown) => void,
    capture: unknown,
  ) => windowListeners.push({ type, listener, capture });
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
    // Every channel but the preload's own (no function reaches it) and the drop (files from no real
    // drop: refused before main, below).
    const pageChannels = Object.keys(invokeChannels).filter((channel) => !(channel in preloadOnlyInvokeChannels));
    expect(
      invokes()
        .map((call) => call.channel)
        .sort(),
    ).toEqual(pageChannels.filter((channel) => channel !== 'uploads:drop').sort());
    expect(calls).toHaveLength(pageChannels.length);
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

  it('watches the window for drops itself, before the page (capture phase)', () => {
    expect(windowListeners.map(({ type, capture }) => [type, capture])).toEqual([['drop', true]]);
  });

  /** A drop event as the browser makes it for files dragged from the desktop (or, untrusted, a page script). */
  const dropEvent = (files: unknown[], isTrusted = true) => ({ isTrusted, dataTransfer: { files } });
  const dropped = (path: string) => Object.assign(new File(['video'], path.split('/').pop()!), { path });
  const dropListener = () => windowListeners[0]!.listener;
  const target = { kind: 'community', id: 4 } as const;

  it('registers a real drop’s paths with main, and then names that drop to main by its id alone', async () => {
    fakeElectron.state.rendererAnswers.set('uploads:register-drop', { ok: true, data: { dropId: 'drop-1' } });
    const lesson = dropped('/home/teacher/lesson.mp4');
    const notes = dropped('/home/teacher/notes.pdf');
    dropListener()(dropEvent([lesson, notes]));
    expect(invokes()).toEqual([
      { channel: 'uploads:register-drop', args: [{ paths: ['/home/teacher/lesson.mp4', '/home/teacher/notes.pdf'] }] },
    ]);
    await api.uploads.drop(target, [lesson, notes]);
    expect(invokes().at(-1)).toEqual({ channel: 'uploads:drop', args: [{ target, dropId: 'drop-1' }] });
    // Once: the same files again need a new drop.
    const again = await api.uploads.drop(target, [lesson, notes]);
    expect(again).toMatchObject({ ok: false, error: { code: 'FILE_NOT_ALLOWED' } });
    expect(invokes()).toHaveLength(2);
  });

  it('refuses files from no real drop without asking main: made by script, forged, or dropped by a script', async () => {
    fakeElectron.state.rendererAnswers.set('uploads:register-drop', { ok: true, data: { dropId: 'drop-2' } });
    const key = dropped('/home/teacher/.ssh/id_rsa');
    // A drop event a page script dispatched is not trusted: the preload does not register it.
    dropListener()(dropEvent([key], false));
    const forged = { path: '/home/teacher/.ssh/id_rsa', name: 'id_rsa' };
    for (const files of [[key], [forged], [new File(['x'], 'made-up.txt')], []]) {
      expect(await api.uploads.drop(target, files)).toEqual({
        ok: false,
        error: {
          code: 'FILE_NOT_ALLOWED',
          message: 'Only files and folders dropped from your computer can be uploaded.',
        },
      });
    }
    // A real drop of one file does not cover another the page adds to it.
    const plan = dropped('/home/teacher/plan.pdf');
    dropListener()(dropEvent([plan]));
    expect(await api.uploads.drop(target, [plan, key])).toMatchObject({ ok: false });
    expect(invokes().map((call) => call.channel)).toEqual(['uploads:register-drop']);
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
