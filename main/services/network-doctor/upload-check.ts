import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceHttp } from '../../api/http';
import { createPortfoliosApi, type PortfoliosApi } from '../../api/portfolios';
import { readId } from '../../api/reader';
import { AppError } from '../app-error';
import type { Logger } from '../log';
import { judgeThroughput } from './throughput';
import { message, outcome, type CheckOutcome } from './types';

/** Small enough to be quick on a poor connection, large enough to measure more than the round trip. */
export const TEST_FILE_BYTES = 256 * 1024;
export const TEST_PORTFOLIO_TITLE = 'Network check (temporary)';

/**
 * Where the test file can go and be removed again: the interface has no delete for "my files" or a
 * group's files, but a portfolio's files have `DELETE /api/portfolios/{id}/remove-file/{fileId}`. So the
 * check makes a private portfolio of its own (shared with no one, so nobody else sees it), uploads into
 * it, removes the file, then deletes the portfolio — never touching a portfolio the person made.
 */
export async function checkUpload(
  http: ServiceHttp | undefined,
  signal: AbortSignal,
  log: Logger,
): Promise<CheckOutcome> {
  if (!http) return outcome('skipped', message('upload.signedOut'));
  const folder = await mkdtemp(join(tmpdir(), 'vc-network-check-'));
  const filePath = join(folder, 'network-check.bin');
  // Random bytes: a proxy that compresses cannot make the line look faster than it is.
  await writeFile(filePath, randomBytes(TEST_FILE_BYTES));
  const portfolios = createPortfoliosApi(http);
  let portfolioId: number | undefined;
  try {
    portfolioId = await createTestPortfolio(portfolios);
    if (portfolioId === undefined) return outcome('skipped', message('upload.noPlace'));
    const started = performance.now();
    const answer = await http.upload(
      `/api/files/portfolio/fileupload/${portfolioId}`,
      { filePath, fileName: 'network-check.bin', contentType: 'application/octet-stream' },
      { signal, what: 'file' },
    );
    const ms = Math.round(performance.now() - started);
    // The file first, as the interface allows; then the portfolio, which takes anything left in it.
    await removeQuietly(log, async () => {
      await http.del(`/api/portfolios/${portfolioId}/remove-file/${readId(answer, 'file')}`, { what: 'file' });
    });
    const id = portfolioId;
    portfolioId = undefined;
    const nothingLeft = await removeQuietly(log, () => portfolios.deletePortfolio(id));
    return judgeThroughput(TEST_FILE_BYTES, ms, nothingLeft);
  } catch (error) {
    if (signal.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    const code = error instanceof AppError ? error.code : 'INTERNAL';
    return outcome('fail', message('upload.fail', { reason }), { code }, message('upload.failAdvice'));
  } finally {
    // A failed or cancelled upload still leaves no portfolio behind, where the service lets us.
    if (portfolioId !== undefined) {
      const id = portfolioId;
      await removeQuietly(log, () => portfolios.deletePortfolio(id));
    }
    await rm(folder, { recursive: true, force: true });
  }
}

/** The temporary portfolio's id, or undefined when this account may not make portfolios (nowhere to upload). */
async function createTestPortfolio(portfolios: PortfoliosApi): Promise<number | undefined> {
  try {
    return (await portfolios.createPortfolio({ title: TEST_PORTFOLIO_TITLE, description: '' })).id;
  } catch (error) {
    if (error instanceof AppError && error.code === 'FORBIDDEN') return undefined;
    throw error;
  }
}

async function removeQuietly(log: Logger, remove: () => Promise<void>): Promise<boolean> {
  try {
    await remove();
    return true;
  } catch (error) {
    log.warn('network check: the test upload could not be removed', { cause: (error as Error).message });
    return false;
  }
}
