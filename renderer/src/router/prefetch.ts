import type { App } from 'vue';
import type { Router } from 'vue-router';
import { warmDateFormatters } from '../i18n/dates';
import { warmMessages } from '../i18n/warm-messages';
import { warmFonts } from '../lib/warm-fonts';
import { warmComponentStyles } from './warm-styles';

/**
 * Once the first screen is up, fetch the other screens' code, build the date formatters, write the
 * component styles and load the fonts in every size while the app is idle, so that the first visit to a
 * group or a portfolio opens as quickly as the next ones (the code is split per screen to keep start-up
 * small).
 */
export function prefetchScreens(router: Router, locale: () => string, app?: App): void {
  const whenIdle = (task: (deadline?: IdleDeadline) => void) =>
    'requestIdleCallback' in window ? window.requestIdleCallback(task, { timeout: 3_000 }) : setTimeout(task, 500);
  void router.isReady().then(() =>
    whenIdle(() => {
      for (const record of router.getRoutes()) {
        const load = record.components?.default;
        // Lazy screens are stored as their loader; a loaded one is a component object.
        if (typeof load === 'function') void (load as () => Promise<unknown>)().catch(() => undefined);
      }
      warmDateFormatters(locale());
      warmMessages(whenIdle);
      // The fonts after the components' styles: those name sizes of their own.
      if (app) warmComponentStyles(app, whenIdle, () => warmFonts(whenIdle));
      else warmFonts(whenIdle);
    }),
  );
}
