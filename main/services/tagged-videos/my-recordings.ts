import type { MyRecordings, Recording } from '../../../preload/contract';
import type { ServiceHttp } from '../../api/http';
import { createPortfolioChoicesApi } from '../../api/portfolio-choices';
import { createPortfolioContentApi } from '../../api/portfolio-content';
import { createPortfoliosApi } from '../../api/portfolios';
import { createTaggedVideosApi } from '../../api/tagged-videos';
import { AppError } from '../app-error';

/** At most this many reads at once: a teacher's page must not flood the service. */
const PARALLEL = 4;

/** `GET /api/me/videos` is deprecated: a service that dropped it answers 404 or 405. */
export function isAbsentEndpoint(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  const status = (error.details as { status?: unknown } | undefined)?.status;
  return status === 404 || status === 405;
}

async function mapLimited<T, R>(items: T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  return results;
}

/**
 * "My recordings": the person's videos, each with its tagged videos and the person's portfolios that
 * hold it. The portfolios come from the other side (each own portfolio's videos), since the interface
 * has no "portfolios of a video" read; a portfolio whose videos cannot be read is left out, not fatal.
 */
export async function listMyRecordings(http: ServiceHttp): Promise<MyRecordings> {
  let videos;
  try {
    videos = await createPortfolioChoicesApi(http).listMyVideos();
  } catch (error) {
    if (isAbsentEndpoint(error)) return { available: false, recordings: [] };
    throw error;
  }
  if (videos.length === 0) return { available: true, recordings: [] };

  const taggedApi = createTaggedVideosApi(http);
  const content = createPortfolioContentApi(http);
  const [tagged, holders] = await Promise.all([
    mapLimited(videos, (video) => taggedApi.listTaggedVideos(video.id)),
    portfoliosByVideo(http, content),
  ]);
  const recordings: Recording[] = videos.map((video, index) => ({
    video,
    taggedVideos: tagged[index]!,
    portfolios: holders.get(video.id) ?? [],
  }));
  return { available: true, recordings };
}

async function portfoliosByVideo(
  http: ServiceHttp,
  content: ReturnType<typeof createPortfolioContentApi>,
): Promise<Map<number, { id: number; title: string }[]>> {
  const byVideo = new Map<number, { id: number; title: string }[]>();
  let portfolios;
  try {
    portfolios = await createPortfoliosApi(http).listPortfoliosV2({ createdByMe: true });
  } catch (error) {
    if (error instanceof AppError && error.code !== 'UNAUTHENTICATED') return byVideo;
    throw error;
  }
  const contents = await mapLimited(portfolios, (portfolio) => content.listVideos(portfolio.id).catch(() => []));
  portfolios.forEach((portfolio, index) => {
    for (const video of contents[index]!) {
      const list = byVideo.get(video.id) ?? [];
      list.push({ id: portfolio.id, title: portfolio.title });
      byVideo.set(video.id, list);
    }
  });
  return byVideo;
}
