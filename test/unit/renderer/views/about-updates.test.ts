// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import PrimeVue from 'primevue/config';
import { BRIDGE_GLOBAL, type AboutInfo, type AboutUpdates } from '../../../../preload/contract';
import AboutView from '../../../../renderer/src/views/AboutView.vue';
import { i18n } from '../../../../renderer/src/i18n';

/** About's update line for every case main reports (the end-to-end spec shows the development one). */

const info: AboutInfo = {
  appName: 'Video Collab Desktop',
  appVersion: '0.1.0',
  nodeVersion: '22.0.0',
  platform: 'win32',
  arch: 'x64',
  dataFolder: 'C:\\Users\\teacher\\AppData\\Roaming\\Video Collab Desktop',
  serviceUrl: 'https://videocollab.example.org',
  demoMode: false,
};

const mounted: VueWrapper[] = [];
afterEach(() => mounted.splice(0).forEach((wrapper) => wrapper.unmount()));

async function updateLine(updates: AboutUpdates | undefined): Promise<string | undefined> {
  // A fresh store each time: About reads main's answer once.
  const pinia: Pinia = createPinia();
  setActivePinia(pinia);
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    app: { about: async () => ({ ok: true, data: { ...info, ...(updates ? { updates } : {}) } }) },
    on: () => () => undefined,
  };
  const wrapper = mount(AboutView, { global: { plugins: [pinia, i18n, [PrimeVue, { theme: 'none' }]] as never } });
  mounted.push(wrapper);
  await flushPromises();
  const line = wrapper.find('[data-testid="about-updates"]');
  return line.exists() ? line.text() : undefined;
}

describe('About’s update line', () => {
  it('says who updates a copy the app does not update itself', async () => {
    expect(await updateLine({ mode: 'managed-by-organisation', state: 'off' })).toBe(
      'Updates are managed by your organisation.',
    );
    expect(await updateLine({ mode: 'package-manager', state: 'off' })).toBe(
      'Updates come from your system’s package manager.',
    );
    expect(await updateLine({ mode: 'off-by-policy', state: 'off' })).toBe(
      'Your organisation has turned automatic updates off.',
    );
    expect(await updateLine({ mode: 'unsupported', state: 'off' })).toMatch(/cannot update itself/);
    // An AppImage (issue 28): nothing checks who made its updates.
    expect(await updateLine({ mode: 'manual', state: 'off' })).toBe(
      'This AppImage does not update itself, because the app cannot check who made an update. Get new versions where you got this one, or install the .deb or .rpm package, which your system keeps up to date.',
    );
  });

  it('says where an update stands when the app updates itself', async () => {
    const automatic = 'The app updates itself: new versions download in the background.';
    expect(await updateLine({ mode: 'automatic', state: 'downloading', percent: 40 })).toBe(
      `${automatic} Downloading an update: 40%`,
    );
    expect(await updateLine({ mode: 'automatic', state: 'ready', version: '0.2.0', waitingFor: 'quit' })).toBe(
      `${automatic} Version 0.2.0 is ready and will be installed when you quit the app.`,
    );
    expect(
      await updateLine({
        mode: 'automatic',
        state: 'ready',
        version: '0.2.0',
        waitingFor: 'window',
        window: { start: '18:00', end: '07:00' },
      }),
    ).toBe(`${automatic} Version 0.2.0 is ready and will be installed between 18:00 and 07:00.`);
    expect(await updateLine({ mode: 'automatic', state: 'ready', version: '0.2.0', waitingFor: 'uploads' })).toBe(
      `${automatic} Version 0.2.0 is ready and will be installed once your uploads have finished.`,
    );
    expect(await updateLine({ mode: 'automatic', state: 'error' })).toMatch(
      /did not succeed; the app will try again later/,
    );
  });

  it('shows nothing about updates when main did not say (an older main)', async () => {
    expect(await updateLine(undefined)).toBeUndefined();
  });
});
