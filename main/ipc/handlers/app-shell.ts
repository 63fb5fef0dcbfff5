import { z } from 'zod';
import type { AppShellInvoke } from '../../../preload/contract';
import type { NavigationQueue } from '../../services/shell/navigation-queue';
import type { SupportService } from '../../services/diagnostics';
import type { AreaHandlers } from '../handler';

export interface AppShellServices {
  navigation: Pick<NavigationQueue, 'pageReady'>;
  support: Pick<SupportService, 'copyDiagnostics' | 'openLogsFolder'>;
}

/** The page's start-up handshake (it listens, then collects the route main kept for it); About's support buttons. */
export function createAppShellHandlers(services: AppShellServices): AreaHandlers<AppShellInvoke> {
  return {
    'app:page-ready': { args: z.tuple([]), run: () => services.navigation.pageReady() },
    'app:copy-diagnostics': { args: z.tuple([]), run: () => services.support.copyDiagnostics() },
    'app:open-logs-folder': { args: z.tuple([]), run: () => services.support.openLogsFolder() },
  };
}
