// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { router } from '../../../../renderer/src/router';
import { useMainNavigation } from '../../../../renderer/src/composables/useMainNavigation';
import { BRIDGE_GLOBAL, type NavigateRequest, type Result, type SessionState } from '../../../../preload/contract';

const signedIn: SessionState = {
  status: 'signed-in',
  user: { id: 5, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@northbridge.example' },
  connection: { serviceUrl: 'http://127.0.0.1:4010', tokenUrl: 'http://127.0.0.1:4010/oauth2/token', demoMode: true },
  vault: { backend: 'memory', persistent: false },
};

/**
 * A fake bridge (the end-to-end specs use the real one): main kept `pending` for the page, and may
 * push a route while the page's "ready" is on its way.
 */
function installBridge(pending: NavigateRequest | null, pushWhileAsking?: NavigateRequest) {
  const listeners = new Map<string, ((payload: unknown) => void)[]>();
  const calls = { pageReady: 0 };
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    session: { get: async (): Promise<Result<SessionState>> => ({ ok: true, data: signedIn }) },
    app: {
      pageReady: async (): Promise<Result<NavigateRequest | null>> => {
        calls.pageReady++;
        if (pushWhileAsking) for (const listener of listeners.get('app:navigate') ?? []) listener(pushWhileAsking);
        return { ok: true, data: pending };
      },
    },
    on: (channel: string, listener: (payload: unknown) => void) => {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
      return () => undefined;
    },
  };
  return calls;
}

/** The app's root calls this; a bare component stands in for it (the screens are not under test). */
const Root = defineComponent({
  setup() {
    useMainNavigation();
    return () => h('div');
  },
});

async function startPage() {
  const push = vi.spyOn(router, 'push');
  const wrapper = mount(Root, { global: { plugins: [createPinia(), router] } });
  await flushPromises();
  // Wait for the navigation the page started on main's word, whatever it was.
  await Promise.all(push.mock.results.map((result) => result.value));
  push.mockRestore();
  return wrapper;
}

describe('the page on start', () => {
  it('goes to the route main kept for it (a notification click opened the window): the group, not Home', async () => {
    const calls = installBridge({ path: '/groups/12' });
    const wrapper = await startPage();
    expect(router.currentRoute.value.matched.map((record) => record.name)).toContain('group');
    expect(router.currentRoute.value.params.groupId).toBe('12');
    expect(calls.pageReady).toBe(1);
    wrapper.unmount();
  });

  it('listens before it says it is ready: a route main sends meanwhile is not lost', async () => {
    installBridge(null, { path: '/notifications' });
    const wrapper = await startPage();
    expect(router.currentRoute.value.name).toBe('notifications');
    wrapper.unmount();
  });
});
