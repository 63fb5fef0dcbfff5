import { createApp } from 'vue';
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

prefetchScreens(router);
