import { h, render, type App, type Component } from 'vue';

/**
 * PrimeVue (styled mode) writes a component's theme CSS into the page the first time one of its kind
 * is mounted. On a list screen's first visit that meant a handful of new style sheets, each restyling
 * the whole page, in the middle of drawing the first rows (tens of milliseconds). Mounting each kind
 * the list screens use once, off-screen and while idle, writes them ahead of need (they stay: PrimeVue
 * keeps a component's styles once loaded).
 */
const usedByListScreens: (() => Promise<{ default: Component }>)[] = [
  () => import('primevue/button'),
  () => import('primevue/message'),
  () => import('primevue/progressspinner'),
  () => import('primevue/dialog'),
  () => import('primevue/textarea'),
  () => import('primevue/inputtext'),
  () => import('primevue/checkbox'),
  () => import('primevue/select'),
  () => import('primevue/multiselect'),
  () => import('primevue/selectbutton'),
  () => import('primevue/tag'),
];

/** One component kind per idle moment, so no single task grows long; `then` once all are written. */
export function warmComponentStyles(app: App, whenIdle: (task: () => void) => void, then?: () => void): void {
  const host = document.createElement('div');
  const next = (index: number) => {
    const load = usedByListScreens[index];
    if (!load) {
      then?.();
      return;
    }
    void load()
      .then(({ default: component }) => {
        const vnode = h(component);
        // The app's context carries PrimeVue's configuration (theme, preset) the styles are built from.
        vnode.appContext = app._context;
        render(vnode, host);
        render(null, host);
      })
      .catch(() => undefined) // a style not warmed is only written on first use, as before
      .finally(() => whenIdle(() => next(index + 1)));
  };
  whenIdle(() => next(0));
}
