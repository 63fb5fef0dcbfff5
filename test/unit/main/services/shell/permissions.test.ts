import { describe, expect, it } from 'vitest';
import { grantsPermission } from '../../../../../main/services/shell/permissions';

const isOurUrl = (url: string) => url.startsWith('app://bundle/');

describe('web permissions', () => {
  it('lets our page play a video fullscreen', () => {
    expect(grantsPermission('fullscreen', 'app://bundle/index.html#/videos/3', isOurUrl)).toBe(true);
  });

  it('refuses fullscreen to any other page, and when the page is unknown', () => {
    expect(grantsPermission('fullscreen', 'https://evil.example/', isOurUrl)).toBe(false);
    expect(grantsPermission('fullscreen', undefined, isOurUrl)).toBe(false);
  });

  it.each(['media', 'display-capture'])(
    'lets our page record with the camera, microphone or screen (%s)',
    (permission) => {
      expect(grantsPermission(permission, 'app://bundle/index.html#/record', isOurUrl)).toBe(true);
      expect(grantsPermission(permission, 'https://evil.example/', isOurUrl)).toBe(false);
      expect(grantsPermission(permission, undefined, isOurUrl)).toBe(false);
    },
  );

  it.each(['geolocation', 'notifications', 'clipboard-read', 'clipboard-sanitized-write', 'openExternal'])(
    'refuses %s, even to our page',
    (permission) => expect(grantsPermission(permission, 'app://bundle/index.html', isOurUrl)).toBe(false),
  );
});
