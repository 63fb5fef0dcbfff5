import { emptyLayer, type PolicyLayer } from '../layer';
import { flagNameOf } from '../names';

/**
 * Command-line flags, `--service-url=https://…` (names from the keys, see names.ts); a bare flag
 * such as `--start-hidden` means true. For support and testing: they win over every other source.
 * Every other argument (Chromium's switches, `--hidden`, a file to open) is none of ours and is
 * left alone; after `--` nothing is a flag. The last of a repeated flag wins, as in most programs.
 */
export function readFlags(argv: readonly string[], keys: readonly string[]): PolicyLayer {
  const byFlag = new Map(keys.map((key) => [flagNameOf(key), key]));
  const layer = emptyLayer();
  for (const arg of argv) {
    if (arg === '--') break;
    const equals = arg.indexOf('=');
    const name = equals < 0 ? arg : arg.slice(0, equals);
    const key = byFlag.get(name.toLowerCase());
    if (key !== undefined) layer.mandatory[key] = equals < 0 ? true : arg.slice(equals + 1);
  }
  return layer;
}
