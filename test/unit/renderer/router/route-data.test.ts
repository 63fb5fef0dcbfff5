// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { createMemoryHistory, createRouter, type RouteLocationNormalized } from 'vue-router';
import { installRouteData, readAhead, type RouteRead } from '../../../../renderer/src/router/route-data';
import { useQueryCache } from '../../../../renderer/src/stores/query-cache';
import type { Result } from '../../../../preload/contract';

const ok = <T>(data: T): Result<T> => ({ ok: true, data });
const Page = { render: () => null };

/** A read the test answers when it wants, counting how often each key was asked for. */
function slowService() {
  const asked: string[] = [];
  const answer = new Map<string, (result: Result<string>) => void>();
  const read = (key: string): RouteRead =>
    readAhead(key, () => {
      asked.push(key);
      return new Promise<Result<string>>((resolve) => answer.set(key, resolve));
    });
  return { asked, answer, read };
}

function appRouter(data: { portfolio: (to: RouteLocationNormalized) => RouteRead[]; comments: typeof data.portfolio }) {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/', component: Page },
      {
        path: '/portfolios/:portfolioId',
        component: Page,
        meta: { data: data.portfolio },
        children: [
          { path: 'videos', component: Page },
          { path: 'comments', component: Page, meta: { data: data.comments } },
        ],
      },
    ],
  });
  return router;
}

beforeEach(() => setActivePinia(createPinia()));

describe('a route’s data', () => {
  it('is read before the page shows, and the page waits for it when it answers quickly', async () => {
    const service = slowService();
    const router = appRouter({
      portfolio: (to) => [service.read(`portfolio:${String(to.params.portfolioId)}`)],
      comments: (to) => [service.read(`comments:${String(to.params.portfolioId)}`)],
    });
    installRouteData(router, 1_000);
    await router.push('/');
    const moving = router.push('/portfolios/3/comments');
    await vi.waitFor(() => expect(service.asked).toEqual(['portfolio:3', 'comments:3']));
    expect(router.currentRoute.value.path).toBe('/');
    service.answer.get('portfolio:3')!(ok('Lesson study'));
    service.answer.get('comments:3')!(ok('30 comments'));
    await moving;
    expect(router.currentRoute.value.path).toBe('/portfolios/3/comments');
    // The page's queries take the answers over (nothing is read twice).
    expect(useQueryCache().takePrefetch('comments:3')?.settled).toEqual(ok('30 comments'));
  });

  it('does not hold the app longer than the limit when the service is slow: the page shows its loading state', async () => {
    const service = slowService();
    const router = appRouter({
      portfolio: (to) => [service.read(`p:${String(to.params.portfolioId)}`)],
      comments: () => [],
    });
    installRouteData(router, 20);
    await router.push('/');
    const started = Date.now();
    await router.push('/portfolios/4/videos');
    expect(router.currentRoute.value.path).toBe('/portfolios/4/videos');
    expect(Date.now() - started).toBeLessThan(1_000);
    // Still under way: the page's query joins it rather than reading again.
    expect(useQueryCache().takePrefetch('p:4')?.settled).toBeUndefined();
  });

  it('does not wait when the page has an earlier answer to show at once', async () => {
    const service = slowService();
    useQueryCache().set('p:5', 'seen before');
    const router = appRouter({ portfolio: () => [service.read('p:5')], comments: () => [] });
    installRouteData(router, 60_000);
    await router.push('/');
    await router.push('/portfolios/5/videos');
    expect(router.currentRoute.value.path).toBe('/portfolios/5/videos');
    expect(service.asked).toEqual(['p:5']);
  });

  it('reads only what a tab adds, and nothing for a change of hash or query', async () => {
    const service = slowService();
    const router = appRouter({
      portfolio: (to) => [service.read(`portfolio:${String(to.params.portfolioId)}`)],
      comments: (to) => [service.read(`comments:${String(to.params.portfolioId)}`)],
    });
    installRouteData(router, 10);
    await router.push('/portfolios/6/videos');
    expect(service.asked).toEqual(['portfolio:6']);
    await router.push('/portfolios/6/comments');
    expect(service.asked).toEqual(['portfolio:6', 'comments:6']);
    await router.push('/portfolios/6/comments#comment-12');
    await router.push('/portfolios/6/comments?sort=new');
    expect(service.asked).toEqual(['portfolio:6', 'comments:6']);
    // Another portfolio: its page and its tab are new.
    await router.push('/portfolios/7/comments');
    expect(service.asked).toEqual(['portfolio:6', 'comments:6', 'portfolio:7', 'comments:7']);
  });

  it('is not read for a page another guard turns away (sign-in first)', async () => {
    const service = slowService();
    const router = appRouter({ portfolio: () => [service.read('p:8')], comments: () => [] });
    router.beforeEach((to) => (to.path === '/' ? true : { path: '/' }));
    installRouteData(router, 10);
    await router.push('/portfolios/8/videos');
    expect(router.currentRoute.value.path).toBe('/');
    expect(service.asked).toEqual([]);
  });
});
