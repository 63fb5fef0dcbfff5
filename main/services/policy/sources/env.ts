import { emptyLayer, type PolicyLayer } from '../layer';
import { envNameOf } from '../names';

/**
 * Environment variables `VC_<KEY>`: `VC_SERVICE_URL` and `VC_TOKEN_URL` keep meaning what they
 * always did (`npm start` sets them for the sandbox). An empty variable counts as unset, as shells
 * make it easy to leave one behind. `VC_DEMO` is not a setting: see `toAppConfig`.
 */
export function readEnv(env: Record<string, string | undefined>, keys: readonly string[]): PolicyLayer {
  const layer = emptyLayer();
  for (const key of keys) {
    const value = env[envNameOf(key)];
    if (value !== undefined && value.trim() !== '') layer.mandatory[key] = value;
  }
  return layer;
}
