// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { createMemoryHistory, createRouter } from 'vue-router';
import PrimeVue from 'primevue/config';
import { BRIDGE_GLOBAL, type SessionState } from '../../../../preload/contract';
import SignInView from '../../../../renderer/src/views/SignInView.vue';
import { applyLocale, i18n } from '../../../../renderer/src/i18n';
import { useSessionStore } from '../../../../renderer/src/stores/session';

/** Why the session ended, and why signing back in waits: in the page's language, not main's English. */

const signedOut: SessionState = {
  status: 'signed-out',
  connection: { serviceUrl: 'https://videocollab.example.org', tokenUrl: '', demoMode: false },
  vault: { backend: 'keychain', persistent: true },
};

const mounted: VueWrapper[] = [];
afterEach(async () => {
  mounted.splice(0).forEach((wrapper) => wrapper.unmount());
  await applyLocale('en-GB');
});

async function signInPage(locale: string, state: Partial<SessionState>) {
  await applyLocale(locale);
  const pinia = createPinia();
  setActivePinia(pinia);
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = { on: () => () => undefined };
  useSessionStore().state = { ...signedOut, ...state };
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [{ path: '/:any(.*)*', component: SignInView }],
  });
  await router.push('/sign-in');
  const wrapper = mount(SignInView, {
    global: { plugins: [pinia, router, i18n, [PrimeVue, { theme: 'none' }]] as never },
  });
  mounted.push(wrapper);
  await flushPromises();
  return {
    notice: () => wrapper.find('[data-testid="session-notice"]').text(),
    retrying: () => wrapper.find('[data-testid="session-retrying"]').text(),
  };
}

const retrying = (code: 'UNREACHABLE' | 'BAD_RESPONSE', message: string): Partial<SessionState> => ({
  status: 'restoring',
  retrying: { attempt: 1, nextAt: '2025-01-01T10:00:00.000Z', reason: { code, message } },
});

describe('the sign-in page in Norwegian Bokmål', () => {
  it('says in Norwegian that the session has ended', async () => {
    const page = await signInPage('nb-NO', {
      notice: { code: 'UNAUTHENTICATED', message: 'Your session has ended. Please sign in again.' },
    });
    expect(page.notice()).toBe('Økten din er avsluttet. Logg inn igjen.');
  });

  it('says in Norwegian that the account is locked', async () => {
    const page = await signInPage('nb-NO', { notice: { code: 'ACCOUNT_LOCKED', message: 'This account is locked.' } });
    expect(page.notice()).toBe(i18n.global.t('errors.ACCOUNT_LOCKED'));
    expect(page.notice()).not.toContain('locked');
  });

  it('gives the reason it waits to sign back in in Norwegian', async () => {
    const page = await signInPage(
      'nb-NO',
      retrying('UNREACHABLE', 'videocollab.example.org could not be reached. Your saved sign-in is kept.'),
    );
    expect(page.retrying()).toContain(i18n.global.t('errors.UNREACHABLE'));
    expect(page.retrying()).not.toMatch(/could not be reached/);
  });
});

describe('the sign-in page in British English', () => {
  it('says the session has ended', async () => {
    const page = await signInPage('en-GB', {
      notice: { code: 'UNAUTHENTICATED', message: 'Your saved session has ended. Please sign in again.' },
    });
    expect(page.notice()).toBe('Your session has ended. Please sign in again.');
  });

  it('gives the reason it waits by its code', async () => {
    const page = await signInPage('en-GB', retrying('UNREACHABLE', 'videocollab.example.org could not be reached.'));
    expect(page.retrying()).toContain('The service could not be reached. Check the address and your connection.');
  });
});
