import { createApp } from 'vue';
import { createPinia } from 'pinia';
import PrimeVue from 'primevue/config';
import { AppPreset } from './theme';
import 'primeicons/primeicons.css';
import './styles/base.css';
import App from './App.vue';
import { router } from './router';
import { prefetchScreens } from './router/prefetch';
import { applyLocale, i18n } from './i18n';
import { getBridge } from './bridge';
import { skipUnchangedStyleWrites } from './lib/steady-styles';
import { startPreparationRunner } from './media/preparation-runner';

/** The language main chose (the OS's, or the one a policy fixes); undefined when main cannot say. */
async function localeFromMain(): Promise<string | undefined> {
  try {
    const answer = await getBridge().app.about();
    return answer.ok ? answer.data.locale : undefined;
  } catch {
    return undefined;
  }
}

skipUnchangedStyleWrites();
// Video preparation jobs from main run in workers while the page is open (issue 29).
startPreparationRunner(getBridge());

// The language is settled before the first screen is drawn, so the page never flashes English first.
void localeFromMain()
  .then(applyLocale)
  .then(({ primeVue }) => {
    const app = createApp(App);
    app
      .use(createPinia())
      .use(router)
      .use(i18n)
      .use(PrimeVue, {
        // Light and dark follow the operating system.
        theme: { preset: AppPreset, options: { darkModeSelector: 'system' } },
        ...(primeVue ? { locale: primeVue } : {}),
      })
      .mount('#app');
    prefetchScreens(router, () => i18n.global.locale.value, app);
  });
