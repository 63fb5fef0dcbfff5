// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { createPinia, setActivePinia } from 'pinia';
import type { SessionState } from '../../../../../preload/contract';
import { useSessionStore } from '../../../../../renderer/src/stores/session';
import OfflineBanner from '../../../../../renderer/src/components/common/OfflineBanner.vue';
import { applyLocale, i18n } from '../../../../../renderer/src/i18n';

/** "Offline — showing the list as of 14:05": local time, the date when it is not today, both languages. */

const mounted: VueWrapper[] = [];
afterEach(async () => {
  mounted.splice(0).forEach((wrapper) => wrapper.unmount());
  await applyLocale('en-GB');
});

/** A local time today (the banner speaks local time, whatever the test machine's zone). */
const localIso = (year: number, month: number, day: number, hour: number, minute: number) =>
  new Date(year, month - 1, day, hour, minute).toISOString();

async function banner(locale: string, asOf: string, now: Date) {
  await applyLocale(locale);
  const pinia = createPinia();
  setActivePinia(pinia);
  const wrapper = mount(OfflineBanner, {
    props: { cached: { offline: true, asOf }, now },
    global: { plugins: [pinia, i18n, [PrimeVue, { theme: 'none' }]] as never },
  });
  mounted.push(wrapper);
  await flushPromises();
  return wrapper;
}

describe('the offline banner', () => {
  const afternoon = new Date(2026, 10, 24, 16, 30);

  it('says the list is from 14:05 today, with a Retry button that asks for the live list', async () => {
    const wrapper = await banner('en-GB', localIso(2026, 11, 24, 14, 5), afternoon);
    expect(wrapper.get('[role="status"]').text()).toBe('Offline — showing the list as of 14:05');
    await wrapper.get('[data-testid="offline-retry"]').trigger('click');
    expect(wrapper.emitted('retry')).toHaveLength(1);
  });

  it('adds the date when the list is from an earlier day', async () => {
    const wrapper = await banner('en-GB', localIso(2026, 11, 23, 9, 15), afternoon);
    expect(wrapper.get('[role="status"]').text()).toBe('Offline — showing the list as of 23 Nov 2026, 09:15');
  });

  it('speaks Norwegian Bokmål', async () => {
    const wrapper = await banner('nb-NO', localIso(2026, 11, 24, 14, 5), afternoon);
    expect(wrapper.get('[role="status"]').text()).toMatch(/^Frakoblet – viser listen slik den var kl\. 14[:.]05$/);
    expect(wrapper.get('[data-testid="offline-retry"]').text()).toBe('Prøv igjen');
  });

  it('asks for the live list by itself once a sign-in that waited for the network goes through', async () => {
    const wrapper = await banner('en-GB', localIso(2026, 11, 24, 14, 5), afternoon);
    const session = useSessionStore();
    const base = {
      connection: { serviceUrl: 'https://videocollab.example.org', tokenUrl: '', demoMode: false },
      vault: { backend: 'keychain', persistent: true },
    } as const;
    const waiting: SessionState = {
      ...base,
      status: 'restoring',
      retrying: { attempt: 2, nextAt: '2026-11-24T16:31:00.000Z', reason: { code: 'UNREACHABLE', message: '' } },
    };
    session.state = waiting;
    await flushPromises();
    expect(wrapper.emitted('retry')).toBeUndefined();
    session.state = { ...base, status: 'signed-in' };
    await flushPromises();
    expect(wrapper.emitted('retry')).toHaveLength(1);
  });

  it('asks for the live list by itself when the computer is back online', async () => {
    const wrapper = await banner('en-GB', localIso(2026, 11, 24, 14, 5), afternoon);
    window.dispatchEvent(new Event('online'));
    expect(wrapper.emitted('retry')).toHaveLength(1);
  });
});
