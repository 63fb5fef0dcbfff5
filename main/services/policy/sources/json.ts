import type { CheckFile } from '../file-trust';
import {
  emptyLayer,
  isRecord,
  reasonOf,
  unreadableLayer,
  readPolicyFile,
  type PolicyLayer,
  type ReadFile,
} from '../layer';

/**
 * Linux: `/etc/videocollab-desktop/policy.json`, `{ "mandatory": {...}, "recommended": {...} }`
 * (either part may be left out). A file that is not JSON is one problem and nothing from it applies;
 * a part that is not an object is ignored on its own.
 */

const parts = ['mandatory', 'recommended'] as const;

export function parsePolicyJson(text: string): PolicyLayer {
  let root: unknown;
  try {
    // An editor may have saved it with a byte-order mark.
    root = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return unreadableLayer(`is not valid JSON (${reasonOf(error)}); its policies are ignored.`);
  }
  if (!isRecord(root)) {
    return unreadableLayer(
      'must hold an object { "mandatory": {...}, "recommended": {...} }; its policies are ignored.',
    );
  }
  const layer = emptyLayer();
  for (const part of parts) {
    const value = root[part];
    if (isRecord(value)) layer[part] = value;
    else if (value !== undefined) layer.problems.push(`"${part}" is not an object. Ignored.`);
  }
  const others = Object.keys(root).filter((name) => !(parts as readonly string[]).includes(name));
  if (others.length > 0) {
    layer.problems.push(
      `${others.map((name) => `"${name}"`).join(', ')} ignored: policies go inside "mandatory" or "recommended".`,
    );
  }
  return layer;
}

export const readPolicyJson = (path: string, readFile: ReadFile, checkFile: CheckFile): Promise<PolicyLayer> =>
  readPolicyFile(path, readFile, checkFile, (bytes) => parsePolicyJson(new TextDecoder('utf-8').decode(bytes)));
