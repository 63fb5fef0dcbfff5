import { describe, expect, it } from 'vitest';
import { parseWatchedFolderEntry } from '../../../../../main/services/policy/watched-folder-entry';
import { policySettings } from '../../../../../main/services/policy/schema';

describe('a WatchedFolders policy entry', () => {
  it('reads a folder, a target and types', () => {
    expect(parseWatchedFolderEntry('C:\\Lessons | group:42 | MP4; .mov')).toEqual({
      path: 'C:\\Lessons',
      target: { kind: 'community', id: 42 },
      extensions: ['mp4', 'mov'],
    });
    expect(parseWatchedFolderEntry('/srv/rec|my-files')).toEqual({ path: '/srv/rec', target: { kind: 'generic' } });
    expect(parseWatchedFolderEntry('/srv/rec | portfolio:7 |')).toEqual({
      path: '/srv/rec',
      target: { kind: 'portfolio', id: 7 },
    });
  });

  it('refuses what it cannot honour', () => {
    for (const bad of [
      'Lessons | my-files',
      '/srv | group:0',
      '/srv | team:3',
      '/srv',
      '/srv | my-files | mp*',
      '/a|b|c|d',
    ]) {
      expect(parseWatchedFolderEntry(bad), bad).toBeUndefined();
    }
  });

  it('is checked by the policy reader, so IT sees a problem line for a wrong entry', () => {
    const type = policySettings.watchedFolders.type;
    expect(type.safeParse(['/srv/rec | group:3']).success).toBe(true);
    expect(type.safeParse(['/srv/rec | class:3']).success).toBe(false);
  });
});
