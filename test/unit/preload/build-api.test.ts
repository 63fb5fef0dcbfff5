import { describe, expect, it } from 'vitest';
import { buildApi, type BridgeTransport } from '../../../preload/bridge/build-api';
import { eventChannels, invokeChannels, type InvokeChannel } from '../../../preload/contract';

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
    for (const [, fn] of functions) await fn('x');
    expect(invoked.map((c) => c.channel).sort()).toEqual(Object.keys(invokeChannels).sort());
    expect(functions).toHaveLength(Object.keys(invokeChannels).length);
    // Grouped by area: one group per channel prefix ('session:sign-out' -> api.session), plus `on`.
    const areas = new Set(Object.keys(invokeChannels).map((channel) => channel.split(':')[0]));
    expect(Object.keys(api).sort()).toEqual([...areas, 'on'].sort());
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
