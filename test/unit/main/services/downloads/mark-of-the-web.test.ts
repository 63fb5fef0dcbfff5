import { describe, expect, it } from 'vitest';
import { markFromWeb, zoneIdentifierContent } from '../../../../../main/services/downloads/mark-of-the-web';
import { quarantineValue } from '../../../../../main/services/downloads/quarantine';

const origin = {
  referrerUrl: 'https://service.example.org/',
  hostUrl: 'https://service.example.org/media/files/plan.pdf',
};

describe('Mark of the Web', () => {
  it('says Internet zone with where the file came from, in Windows line endings', () => {
    expect(zoneIdentifierContent(origin)).toBe(
      '[ZoneTransfer]\r\nZoneId=3\r\nReferrerUrl=https://service.example.org/\r\n' +
        'HostUrl=https://service.example.org/media/files/plan.pdf\r\n',
    );
  });

  it('leaves credentials and fragments out of the stream', () => {
    const text = zoneIdentifierContent({
      referrerUrl: 'https://ada:secret@service.example.org/#x',
      hostUrl: 'https://cdn.example.org/f.pdf#page=2',
    });
    expect(text).not.toContain('secret');
    expect(text).not.toContain('#');
    expect(text).toContain('HostUrl=https://cdn.example.org/f.pdf\r\n');
  });

  it('writes the Zone.Identifier stream next to the file on Windows', async () => {
    const writes: { path: string; data: string }[] = [];
    const result = await markFromWeb('C:\\Users\\ada\\Downloads\\plan.pdf', origin, {
      platform: 'win32',
      writeFile: async (path, data) => {
        writes.push({ path, data });
      },
    });
    expect(result).toBe('marked');
    expect(writes).toEqual([
      { path: 'C:\\Users\\ada\\Downloads\\plan.pdf:Zone.Identifier', data: zoneIdentifierContent(origin) },
    ]);
  });

  it('writes nothing on Linux, which has no such mark', async () => {
    const writes: string[] = [];
    const result = await markFromWeb('/home/ada/plan.pdf', origin, {
      platform: 'linux',
      writeFile: async (path) => {
        writes.push(path);
      },
      quarantine: {
        xattr: async (args) => {
          writes.push(args.join(' '));
        },
      },
    });
    expect(result).toBe('not-needed');
    expect(writes).toEqual([]);
  });

  it('says when the disk has no streams (FAT, a share): the file is kept, but reported as not marked', async () => {
    const result = await markFromWeb('E:\\plan.pdf', origin, {
      platform: 'win32',
      writeFile: async () => {
        throw Object.assign(new Error('not supported'), { code: 'EINVAL' });
      },
    });
    expect(result).toBe('failed');
  });
});

describe('the quarantine flag on macOS', () => {
  it('is written with the system’s xattr, as Safari writes it for a download', async () => {
    const runs: (readonly string[])[] = [];
    const result = await markFromWeb('/Users/ada/Downloads/plan.pdf', origin, {
      platform: 'darwin',
      writeFile: async () => {
        throw new Error('no streams on macOS');
      },
      quarantine: {
        xattr: async (args) => {
          runs.push(args);
        },
        now: () => new Date('2026-11-30T09:00:00Z'),
        agent: 'Video Collab Desktop',
        eventId: () => '3b9296c0-c6f4-49b3-bac1-bcb229ffe7d6',
      },
    });
    expect(result).toBe('marked');
    expect(runs).toEqual([
      [
        '-w',
        'com.apple.quarantine',
        `0083;${Math.floor(Date.parse('2026-11-30T09:00:00Z') / 1000).toString(16)};Video Collab Desktop;3B9296C0-C6F4-49B3-BAC1-BCB229FFE7D6`,
        '/Users/ada/Downloads/plan.pdf',
      ],
    ]);
  });

  it('keeps the fields apart whatever the app is called', () => {
    expect(quarantineValue(new Date(0), 'Odd;Name\n', 'abc')).toBe('0083;0;Odd Name;ABC');
  });

  it('reports a flag that could not be written (xattr failed or is missing)', async () => {
    const result = await markFromWeb('/Volumes/USB/plan.pdf', origin, {
      platform: 'darwin',
      quarantine: {
        xattr: async () => {
          throw Object.assign(new Error('Operation not supported'), { code: 1 });
        },
      },
    });
    expect(result).toBe('failed');
    // Without an injected xattr this is the real /usr/bin/xattr: absent here (Linux), so not marked either.
    if (process.platform !== 'darwin') {
      expect(await markFromWeb('/tmp/plan.pdf', origin, { platform: 'darwin' })).toBe('failed');
    }
  });
});
