/**
 * The keychain account name for a user of a service: `${origin}|${userKey}`, with the origin in
 * its canonical web form (scheme://host[:port], lower-case host, default port left out). Two
 * services never share an item, and the same service written two ways (`HTTPS://Host:443/api/`
 * and `https://host`) is one account.
 */
export function accountName(origin: string, userKey: string): string {
  return `${serviceOrigin(origin)}|${checkedUserKey(userKey)}`;
}

/** The canonical origin of a service address; anything but http(s) is refused. */
export function serviceOrigin(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new TypeError('The service address is not a valid URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError('The service address must start with https:// or http://.');
  }
  return url.origin;
}

function checkedUserKey(userKey: string): string {
  const key = userKey.trim();
  // Control characters would make the item unreadable in keychain tools and logs.
  // eslint-disable-next-line no-control-regex
  if (key === '' || /[\u0000-\u001f\u007f]/.test(key)) {
    throw new TypeError('The user key must be a non-empty line of text.');
  }
  return key;
}
