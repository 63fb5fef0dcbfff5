import { readFileList, type RemoteFile } from './remote-file';
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
 * Reads a target's uploaded files for reconciliation (`GET /api/community/{id}/files`,
 * `GET /api/portfolios/{id}/get-files`). Answers undefined for targets that have no list.
 */
export class FileLister {
  constructor(private readonly deps: { connection: UploadConnection; listTimeoutMs?: number }) {}

  async list(target: UploadTarget, signal?: AbortSignal): Promise<RemoteFile[] | undefined> {
    const path = fileListPath(target);
    if (path === undefined) return undefined;
    const files: RemoteFile[] = [];
    // The sandbox answers one bare array; a service that pages gets its pages followed.
    for (let page = 1; page <= maxPages; page += 1) {
      const pageQuery = page === 1 ? '' : `${path.includes('?') ? '&' : '?'}pageNumber=${page}`;
      const { files: pageFiles, hasNextPage } = await this.readPage(path + pageQuery, signal);
      files.push(...pageFiles);
      if (!hasNextPage) break;
    }
    return files;
  }

  private async readPage(path: string, signal: AbortSignal | undefined): Promise<ReturnType<typeof readFileList>> {
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
    return readFileList(data);
  }
}
