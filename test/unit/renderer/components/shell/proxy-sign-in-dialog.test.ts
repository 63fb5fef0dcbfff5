// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import { createPinia } from 'pinia';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { BRIDGE_GLOBAL, type ProxySignInNeeded } from '../../../../../preload/contract';
import ProxySignInDialog from '../../../../../renderer/src/components/shell/ProxySignInDialog.vue';
import { i18n } from '../../../../../renderer/src/i18n';

/**
 * The proxy's realm is text the proxy chose: the dialog shows it apart, attributed to the proxy, so
 * a realm that pretends to be the app ("your session expired") does not read as the app speaking.
 */

const mounted: VueWrapper[] = [];
afterEach(() => {
  mounted.splice(0).forEach((wrapper) => wrapper.unmount());
  document.body.innerHTML = '';
});

/** Mounts the dialog over a fake bridge and has main ask for `request`. */
async function asked(request: ProxySignInNeeded) {
  let push: ((payload: ProxySignInNeeded) => void) | undefined;
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    proxy: { signIn: async () => ({ ok: true, data: null }) },
    on: (_channel: string, listener: (payload: ProxySignInNeeded) => void) => {
      push = listener;
      return () => undefined;
    },
  };
  const wrapper = mount(ProxySignInDialog, {
    attachTo: document.body,
    global: { plugins: [createPinia(), i18n, [PrimeVue, { theme: 'none' }]] as never },
  });
  mounted.push(wrapper);
  await flushPromises();
  push!(request);
  await nextTick();
  await flushPromises();
  return document.querySelector('[data-testid="proxy-sign-in"]')!;
}

describe('the proxy sign-in dialog', () => {
  it('names the proxy by scheme, host and port, and quotes its realm as the proxy’s own words', async () => {
    const realm = 'Video Collab Desktop: your session expired. Enter your Video Collab password';
    const dialog = await asked({ proxy: 'https://proxy.school.example:443', realm });

    expect(dialog.textContent).toContain('The proxy https://proxy.school.example:443 on your school’s network asks');
    const quoted = dialog.querySelector('[data-testid="proxy-realm"]')!;
    expect(quoted.querySelector('figcaption')!.textContent).toBe('The proxy adds, in its own words (not this app’s):');
    expect(quoted.querySelector('blockquote bdi')!.textContent).toBe(realm);
    // Only there: not woven into the app's own sentences.
    const ownText = [...dialog.querySelectorAll('p')].map((paragraph) => paragraph.textContent).join('\n');
    expect(ownText).not.toContain('session expired');
  });

  it('shows no quote when the proxy gave no realm', async () => {
    const dialog = await asked({ proxy: 'http://proxy.school.example:3128' });
    expect(dialog.querySelector('[data-testid="proxy-realm"]')).toBeNull();
  });
});
