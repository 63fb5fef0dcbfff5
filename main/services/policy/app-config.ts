import type { AppConfig } from '../../config';
import type { ManagedConfig } from './managed-config';

/**
 * The start-up configuration `loadConfig(env)` gave so far, from the managed configuration instead:
 * a service address from policy now counts too. Demo mode keeps its meaning: `VC_DEMO=1` (what
 * `npm start` sets for the sandbox), or no service address given anywhere (the demo default).
 */
export function toAppConfig(config: ManagedConfig, env: Record<string, string | undefined>): AppConfig {
  const serviceUrl = config.get('serviceUrl');
  return {
    serviceUrl,
    tokenUrl: config.get('tokenUrl') ?? `${serviceUrl}/oauth2/token`,
    demoMode: env.VC_DEMO === '1' || config.source('serviceUrl') === 'default',
  };
}
