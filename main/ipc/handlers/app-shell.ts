import { z } from 'zod';
import type { AppShellInvoke } from '../../../preload/contract';
import type { NavigationQueue } from '../../services/shell/navigation-queue';
import type { AreaHandlers } from '../handler';

export interface AppShellServices {
  navigation: Pick<NavigationQueue, 'pageReady'>;
}

/** The page's start-up handshake: it listens, then collects the route main kept for it. */
export function createAppShellHandlers(services: AppShellServices): AreaHandlers<AppShellInvoke> {
  return {
    'app:page-ready': { args: z.tuple([]), run: () => services.navigation.pageReady() },
  };
}
