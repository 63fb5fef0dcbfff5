/**
 * Which web permissions the page gets. Only fullscreen, which the video player needs, and only for
 * our own page: a frame or page of any other origin, and every other permission (camera, microphone,
 * location, notifications, clipboard, ...), is refused. The page never needs them; main does what
 * needs the system (native notifications, files) itself.
 */
export function grantsPermission(
  permission: string,
  requestingUrl: string | undefined,
  isOurUrl: (url: string) => boolean,
): boolean {
  return permission === 'fullscreen' && requestingUrl !== undefined && isOurUrl(requestingUrl);
}
