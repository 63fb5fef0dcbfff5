// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { BRIDGE_GLOBAL, type SessionState } from '../../../../preload/contract';
import { router } from '../../../../renderer/src/router';
import { useSessionStore } from '../../../../renderer/src/stores/session';

/**
 * A laptop started before its network: the saved sign-in waits, and meanwhile the lists main kept
 * (my groups, portfolios, notifications) can be opened; anything else still asks to sign in.
 */

const base = {
  connection: { serviceUrl: 'https://videocollab.example.org', tokenUrl: '', demoMode: false },
  vault: { backend: 'keychain', persistent: true },
} as const;
const waiting: SessionState = {
  ...base,
  status: 'restoring',
  retrying: { attempt: 1, nextAt: '2026-11-24T08:00:02.000Z', reason: { code: 'UNREACHABLE', message: '' } },
};

beforeEach(async () => {
  setActivePinia(createPinia());
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = { on: () => () => undefined };
  useSessionStore().state = { ...base, status: 'signed-out' };
  await router.push('/about');
});

describe('pages while the sign-in waits for the network', () => {
  it.each(['/groups', '/portfolios', '/notifications'])('%s shows the kept list', async (path) => {
    useSessionStore().state = waiting;
    await router.push(path);
    expect(router.currentRoute.value.path).toBe(path);
  });

  it('other pages still ask to sign in', async () => {
    useSessionStore().state = waiting;
    await router.push('/uploads');
    expect(router.currentRoute.value.path).toBe('/sign-in');
  });

  it('signed out (not waiting for anything), the lists ask to sign in too', async () => {
    useSessionStore().state = { ...base, status: 'signed-out' };
    await router.push('/portfolios');
    expect(router.currentRoute.value.path).toBe('/sign-in');
  });
});
