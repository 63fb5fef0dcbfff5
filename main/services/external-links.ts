import { AppError } from './app-error';

export interface ExternalLinksDeps {
  /** Electron's shell.openExternal in the app; a recorder in tests. */
  openExternal: (url: string) => Promise<void>;
}

/** Parses a link and rejects anything but a plain https: URL before the OS sees it. */
export function checkExternalUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('INVALID_ARGUMENT', 'That link is not a valid web address.');
  }
  if (url.protocol !== 'https:') {
    throw new AppError('INVALID_ARGUMENT', 'Only https links can be opened from the app.', {
      protocol: url.protocol,
    });
  }
  if (url.username || url.password) {
    throw new AppError('INVALID_ARGUMENT', 'Links carrying a user name or password are not opened.');
  }
  return url;
}

export class ExternalLinks {
  constructor(private readonly deps: ExternalLinksDeps) {}

  async open(raw: string): Promise<null> {
    const url = checkExternalUrl(raw);
    await this.deps.openExternal(url.href);
    return null;
  }
}
