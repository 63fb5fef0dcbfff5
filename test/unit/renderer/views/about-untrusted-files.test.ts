// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import PrimeVue from 'primevue/config';
import { BRIDGE_GLOBAL, type AboutInfo } from '../../../../preload/contract';
import AboutView from '../../../../renderer/src/views/AboutView.vue';
import { i18n } from '../../../../renderer/src/i18n';

/** About lists the files IT named that the app refused, and why (issue 28, item 12). */

const info: AboutInfo = {
  appName: 'Video Collab Desktop',
  appVersion: '0.1.0',
  nodeVersion: '22.0.0',
  platform: 'linux',
  arch: 'x64',
  dataFolder: '/home/teacher/.config/Video Collab Desktop',
  serviceUrl: 'https://videocollab.example.org',
  demoMode: false,
};

const mounted: VueWrapper[] = [];
afterEach(() => mounted.splice(0).forEach((wrapper) => wrapper.unmount()));

async function about(extra: Partial<AboutInfo>): Promise<VueWrapper> {
  const pinia = createPinia();
  setActivePinia(pinia);
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    app: { about: async () => ({ ok: true, data: { ...info, ...extra } }) },
    on: () => () => undefined,
  };
  const wrapper = mount(AboutView, { global: { plugins: [pinia, i18n, [PrimeVue, { theme: 'none' }]] as never } });
  mounted.push(wrapper);
  await flushPromises();
  return wrapper;
}

describe('About: files the app does not trust', () => {
  it('names each file, what it was for, and who could have changed it', async () => {
    const wrapper = await about({
      untrustedFiles: [
        {
          path: '/etc/videocollab-desktop/policy.json',
          use: 'policy',
          reason: 'writable',
          where: '/etc/videocollab-desktop/policy.json',
        },
        { path: '/home/it/filter-ca.pem', use: 'CaCertificateFile', reason: 'owner', where: '/home/it' },
      ],
    });
    const section = wrapper.find('[data-testid="about-untrusted-files"]');
    expect(section.find('h3').text()).toBe('Files your organisation named that the app does not trust');
    expect(section.findAll('li').map((item) => item.text().replace(/\s+/g, ' '))).toEqual([
      '/etc/videocollab-desktop/policy.json (Policy file): /etc/videocollab-desktop/policy.json can be changed by users who are not administrators.',
      '/home/it/filter-ca.pem (Named by CaCertificateFile): /home/it is not owned by an administrator.',
    ]);
  });

  it('shows nothing of the kind when every file is trusted', async () => {
    const wrapper = await about({});
    expect(wrapper.find('[data-testid="about-untrusted-files"]').exists()).toBe(false);
  });
});
