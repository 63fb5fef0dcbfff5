import { app, session, shell, type WebContents } from 'electron';
import { checkExternalUrl } from '../services/external-links';
import { grantsPermission } from '../services/shell/permissions';

/**
 * Deny-by-default rules for every web contents the app ever creates: no navigation away from the
 * app, no new windows (https links go to the system browser after checks), no permissions but
 * fullscreen for our own page (the video player).
 */
export function applySecurityRules(isOurUrl: (url: string) => boolean): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isOurUrl(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isOurUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      try {
        void shell.openExternal(checkExternalUrl(url).href);
      } catch {
        // Not an https link: refuse silently, as a browser would block a popup.
      }
      return { action: 'deny' };
    });
  });

  app.whenReady().then(() => {
    // Chromium checks before it asks (and some APIs only check): both answer the same.
    session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
      callback(grantsPermission(permission, details.requestingUrl, isOurUrl)),
    );
    session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
      grantsPermission(permission, details.requestingUrl ?? requestingOrigin, isOurUrl),
    );
  });
}
