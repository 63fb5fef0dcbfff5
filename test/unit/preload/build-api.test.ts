import { describe, expect, it } from 'vitest';
import { buildApi, type BridgeTransport } from '../../../preload/bridge/build-api';
import {
  eventChannels,
  invokeChannels,
  preloadOnlyInvokeChannels,
  type InvokeChannel,
} from '../../../preload/contract';

function recordingTransport() {
  const invoked: { channel: InvokeChannel; args: unknown[] }[] = [];
  const subscribed: string[] = [];
  const transport: BridgeTransport = {
    invoke: async (channel, args) => {
      invoked.push({ channel, args });
      return { ok: true, data: null };
    },
    subscribe: (channel) => {
      subscribed.push(channel);
      return () => undefined;
    },
    // As if every file came in a real drop (trusted-drops.ts has its own tests).
    dropIdFor: async () => 'drop-1',
  };
  return { transport, invoked, subscribed };
}

/** Every function of the built api, with its dotted path. */
function functionsOf(value: object, prefix = ''): [string, (...args: unknown[]) => unknown][] {
  return Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === 'function'
      ? [[`${prefix}${key}`, inner as (...args: unknown[]) => unknown]]
      : functionsOf(inner as object, `${prefix}${key}.`),
  );
}

describe('buildApi', () => {
  it('exposes one named function per contract channel, plus `on`, and nothing else', async () => {
    const { transport, invoked } = recordingTransport();
    const api = buildApi(transport);
    const functions = functionsOf(api).filter(([name]) => name !== 'on');
    const groupOf = new Map<string, string>();
    for (const [name, fn] of functions) {
      await fn('x');
      groupOf.set(invoked.at(-1)!.channel, name.split('.')[0]!);
    }
    // Every channel but those only the preload itself calls.
    const pageChannels = Object.keys(invokeChannels).filter((channel) => !(channel in preloadOnlyInvokeChannels));
    expect(invoked.map((c) => c.channel).sort()).toEqual(pageChannels.sort());
    expect(functions).toHaveLength(pageChannels.length);
    // Grouped by area: every channel of a prefix in one group, one group per prefix, named after it
    // ('session:sign-out' -> api.session, 'group-files:list' -> api.groupFiles, 'group-labels:…' -> api.labels).
    const camel = (words: string[]) => words.map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1) : w)).join('');
    const groupsOfPrefix = new Map<string, Set<string>>();
    for (const [channel, group] of groupOf) {
      const prefix = channel.split(':')[0]!;
      groupsOfPrefix.set(prefix, new Set([...(groupsOfPrefix.get(prefix) ?? []), group]));
    }
    for (const [prefix, groups] of groupsOfPrefix) {
      expect(groups.size, prefix).toBe(1);
      const words = prefix.split('-');
      expect([camel(words), camel(words.slice(1))], prefix).toContain([...groups][0]);
    }
    expect(Object.keys(api)).toHaveLength(groupsOfPrefix.size + 1);
    expect(Object.keys(api)).toContain('on');
  });

  it('passes arguments through as a list', async () => {
    const { transport, invoked } = recordingTransport();
    await buildApi(transport).app.openExternal('https://example.org');
    expect(invoked).toEqual([{ channel: 'app:open-external', args: ['https://example.org'] }]);
  });

  it('subscribes only to contract events', () => {
    const { transport, subscribed } = recordingTransport();
    const api = buildApi(transport);
    for (const channel of Object.keys(eventChannels)) api.on(channel as keyof typeof eventChannels, () => undefined);
    expect(subscribed).toEqual(Object.keys(eventChannels));
    expect(() => api.on('fs:changed' as never, () => undefined)).toThrow(/Unknown event channel/);
  });
});
