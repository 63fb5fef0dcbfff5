import type { App } from 'vue';
import type { Router } from 'vue-router';
import { dateFormatterWarmUps } from '../i18n/dates';
import { warmMessages } from '../i18n/warm-messages';
import { runWhenIdle, type IdleTask } from '../lib/idle-task';
import { warmFonts } from '../lib/warm-fonts';
import { warmComponentStyles } from './warm-styles';

/** A step per lazy screen that fetches its code (and its style sheets); a screen loaded already has none. */
export function screenLoaders(router: Pick<Router, 'getRoutes'>): (() => void)[] {
  return router.getRoutes().flatMap((record) => {
    const load = record.components?.default;
    // Lazy screens are stored as their loader; a loaded one is a component object. One not fetched now
    // is fetched when it is opened.
    return typeof load === 'function' ? [() => void (load as () => Promise<unknown>)().catch(() => undefined)] : [];
  });
}

const requestIdle = (task: IdleTask) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(task, { timeout: 3_000 }) : setTimeout(task, 500);

/**
 * Once the first screen is up, fetch the other screens' code, build the date formatters, write the
 * component styles and load the fonts in every size while the app is idle, so that the first visit to a
 * group or a portfolio opens as quickly as the next ones (the code is split per screen to keep start-up
 * small). Each of these is done a slice at a time: asking for every screen's code at once took one task
 * of 130–320 ms (Vite's preload helper adds a link per file, looking through all those already there),
 * and a click in that time waited for it.
 */
export function prefetchScreens(
  router: Pick<Router, 'getRoutes' | 'isReady'>,
  locale: () => string,
  app?: App,
  whenIdle: (task: IdleTask) => void = requestIdle,
): void {
  void router.isReady().then(() =>
    runWhenIdle([...screenLoaders(router), ...dateFormatterWarmUps(locale())], whenIdle, () => {
      warmMessages(whenIdle);
      // The fonts after the components' styles: those name sizes of their own.
      if (app) warmComponentStyles(app, whenIdle, () => warmFonts(whenIdle));
      else warmFonts(whenIdle);
    }),
  );
}
