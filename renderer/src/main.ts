import { createApp, unref, type MaybeRef } from 'vue';
import { createPinia } from 'pinia';
import PrimeVue from 'primevue/config';
import { AppPreset } from './theme';
import 'primeicons/primeicons.css';
import './styles/base.css';
import App from './App.vue';
import { router } from './router';
import { prefetchScreens } from './router/prefetch';
import { i18n } from './i18n';

createApp(App)
  .use(createPinia())
  .use(router)
  .use(i18n)
  .use(PrimeVue, {
    // Light and dark follow the operating system.
    theme: { preset: AppPreset, options: { darkModeSelector: 'system' } },
  })
  .mount('#app');

// The global composer's locale is a ref at run time (composition mode); its declared type is the plain string.
prefetchScreens(router, () => unref(i18n.global.locale as MaybeRef<string>));
