import { readFileList, readVideoList, type RemoteFile, type RemoteVideo } from './remote-file';
import { fileListPath } from './targets';
import type { UploadConnection, UploadTarget } from './types';

/** Why a list could not be read; reconciliation then waits and asks again, it never guesses. */
export class ListUnavailable extends Error {
  constructor(
    readonly reason: 'signed-out' | 'status' | 'network',
    readonly status?: number,
  ) {
    super(`The file list could not be read (${reason}${status === undefined ? '' : ` ${status}`}).`);
    this.name = 'ListUnavailable';
  }
}

const maxPages = 50;

/**
 * Reads what reconciliation asks the service: a target's uploaded files (`GET /api/community/{id}/files`,
 * `GET /api/portfolios/{id}/get-files`), or the person's videos (`GET /api/me/videos`) for a video sent
 * to My files, whose file area has no list.
 */
export class FileLister {
  constructor(private readonly deps: { connection: UploadConnection; listTimeoutMs?: number }) {}

  /** Undefined for targets that have no list. */
  async list(target: UploadTarget, signal?: AbortSignal): Promise<RemoteFile[] | undefined> {
    const path = fileListPath(target);
    if (path === undefined) return undefined;
    const files: RemoteFile[] = [];
    await this.readPages(path, signal, (data) => {
      const page = readFileList(data);
      files.push(...page.files);
      return page.hasNextPage;
    });
    return files;
  }

  async myVideos(signal?: AbortSignal): Promise<RemoteVideo[]> {
    const videos: RemoteVideo[] = [];
    await this.readPages('/api/me/videos', signal, (data) => {
      const page = readVideoList(data);
      videos.push(...page.videos);
      return page.hasNextPage;
    });
    return videos;
  }

  /** The sandbox answers one bare array; a service that pages gets its pages followed. */
  private async readPages(
    path: string,
    signal: AbortSignal | undefined,
    read: (data: unknown) => boolean,
  ): Promise<void> {
    for (let page = 1; page <= maxPages; page += 1) {
      const pageQuery = page === 1 ? '' : `${path.includes('?') ? '&' : '?'}pageNumber=${page}`;
      if (!read(await this.readPage(path + pageQuery, signal))) break;
    }
  }

  private async readPage(path: string, signal: AbortSignal | undefined): Promise<unknown> {
    const http = this.deps.connection();
    if (!http) throw new ListUnavailable('signed-out');
    let answer;
    try {
      answer = await http.exchange({
        method: 'GET',
        path,
        headers: { Accept: 'application/json' },
        timeoutMs: this.deps.listTimeoutMs ?? 60_000,
        ...(signal ? { signal } : {}),
      });
    } catch {
      throw new ListUnavailable('network');
    }
    if (answer.kind === 'signed-out') throw new ListUnavailable('signed-out');
    const { status, data } = answer;
    if (status < 200 || status >= 300) throw new ListUnavailable('status', status);
    return data;
  }
}
