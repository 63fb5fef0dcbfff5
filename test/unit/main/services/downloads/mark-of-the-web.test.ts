import { describe, expect, it } from 'vitest';
import { markFromWeb, zoneIdentifierContent } from '../../../../../main/services/downloads/mark-of-the-web';

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

  it.each(['linux', 'darwin'])('writes nothing on %s', async (platform) => {
    const writes: string[] = [];
    const result = await markFromWeb('/home/ada/plan.pdf', origin, {
      platform,
      writeFile: async (path) => {
        writes.push(path);
      },
    });
    expect(result).toBe('not-windows');
    expect(writes).toEqual([]);
  });

  it('keeps the file when the disk has no streams (FAT, a share): reported, not thrown', async () => {
    const result = await markFromWeb('E:\\plan.pdf', origin, {
      platform: 'win32',
      writeFile: async () => {
        throw Object.assign(new Error('not supported'), { code: 'EINVAL' });
      },
    });
    expect(result).toBe('not-supported');
  });
});
