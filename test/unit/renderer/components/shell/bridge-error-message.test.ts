// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { createMemoryHistory, createRouter } from 'vue-router';
import type { BridgeError } from '../../../../../preload/contract';
import BridgeErrorMessage from '../../../../../renderer/src/components/shell/BridgeErrorMessage.vue';
import { applyLocale, i18n } from '../../../../../renderer/src/i18n';

/** A refused certificate shows its facts for IT, and network trouble points to the network check. */

const mounted: VueWrapper[] = [];
afterEach(async () => {
  mounted.splice(0).forEach((wrapper) => wrapper.unmount());
  await applyLocale('en-GB');
});

async function shown(error: BridgeError, locale = 'en-GB') {
  await applyLocale(locale);
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [{ path: '/:any(.*)*', component: { render: () => null } }],
  });
  const wrapper = mount(BridgeErrorMessage, {
    props: { error },
    global: { plugins: [router, i18n, [PrimeVue, { theme: 'none' }]] as never },
  });
  mounted.push(wrapper);
  return wrapper;
}

const untrusted: BridgeError = {
  code: 'TLS',
  message: "The service's certificate was issued by 'Example School Web Filter CA' (Example School)…",
  details: {
    cause: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    issuer: 'Example School Web Filter CA (Example School)',
    subject: 'vc.example.org',
    validTo: 'Dec 26 21:44:30 2027 GMT',
    fingerprint256: 'AB:04:9C',
  },
};

describe('an error from main', () => {
  it('a refused certificate lists issuer, subject, expiry and fingerprint, and links to the network check', async () => {
    const wrapper = await shown(untrusted);
    const details = wrapper.get('[data-testid="certificate-details"]');
    expect(details.text()).toContain('Issued byExample School Web Filter CA (Example School)');
    expect(details.text()).toContain('Issued tovc.example.org');
    expect(details.text()).toContain('SHA-256 fingerprintAB:04:9C');
    expect(wrapper.get('a').attributes('href')).toBe('/network-check');
    expect(wrapper.get('a').text()).toBe('Run the network check');
  });

  it('in Norwegian too; and an error that is not about the network shows neither', async () => {
    expect((await shown(untrusted, 'nb-NO')).text()).toContain('Utstedt av');
    const forbidden = await shown({ code: 'FORBIDDEN', message: 'no' });
    expect(forbidden.find('[data-testid="certificate-details"]').exists()).toBe(false);
    expect(forbidden.find('a').exists()).toBe(false);
  });
});
