/**
 * Which web permissions the page gets, and only our own page: fullscreen (the video player), and the
 * camera, microphone and screen (`media`, `display-capture`) for recording a lesson (issue 30). A frame
 * or page of any other origin, and every other permission (location, notifications, clipboard, ...), is
 * refused: main does what needs the system (native notifications, files) itself.
 */
const granted = new Set(['fullscreen', 'media', 'display-capture']);

export function grantsPermission(
  permission: string,
  requestingUrl: string | undefined,
  isOurUrl: (url: string) => boolean,
): boolean {
  return granted.has(permission) && requestingUrl !== undefined && isOurUrl(requestingUrl);
}
