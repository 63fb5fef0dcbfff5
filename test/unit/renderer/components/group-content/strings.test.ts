import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import enGB from '../../../../../shared/i18n/en-GB';

/** Every `groupContent.*` key the group tabs ask for exists (vue-i18n would show the bare key instead). */
const folders = ['renderer/src/components/group-content', 'renderer/src/views/groups/tabs', 'renderer/src/router'];

function keysUsed(): string[] {
  const keys = new Set<string>();
  for (const folder of folders) {
    for (const file of readdirSync(join(process.cwd(), folder))) {
      if (!/\.(vue|ts)$/.test(file)) continue;
      const text = readFileSync(join(process.cwd(), folder, file), 'utf8');
      for (const match of text.matchAll(/['`](groupContent\.[\w.]+)['`]/g)) keys.add(match[1]!);
    }
  }
  return [...keys].sort();
}

const lookup = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], enGB);

describe('group content strings', () => {
  it('every key used by the group tabs has an en-GB message', () => {
    const used = keysUsed();
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter((key) => typeof lookup(key) !== 'string')).toEqual([]);
  });
});
