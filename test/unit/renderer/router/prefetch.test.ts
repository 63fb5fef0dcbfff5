// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import { prefetchScreens, screenLoaders } from '../../../../renderer/src/router/prefetch';
import type { IdleTask } from '../../../../renderer/src/lib/idle-task';

const Loaded = { render: () => null };

/** A router with three lazy screens (one whose code cannot be fetched) and one already loaded. */
function routerWithScreens() {
  const fetched: string[] = [];
  const lazy =
    (name: string, fails = false) =>
    () => {
      fetched.push(name);
      return fails ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Loaded });
    };
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/', component: Loaded },
      { path: '/groups', component: lazy('groups') },
      { path: '/portfolios', component: lazy('portfolios', true) },
      { path: '/reports', component: lazy('reports') },
    ],
  });
  return { router, fetched };
}

describe("fetching the other screens' code while the app is idle", () => {
  it('has one step per lazy screen and none for a screen already loaded', async () => {
    const { router, fetched } = routerWithScreens();
    const steps = screenLoaders(router);
    expect(steps).toHaveLength(3);
    for (const step of steps) step();
    await Promise.resolve();
    expect(fetched.sort()).toEqual(['groups', 'portfolios', 'reports']);
  });

  it('asks for one screen per idle moment with no time left, so no single task fetches them all', async () => {
    const { router, fetched } = routerWithScreens();
    const idle: IdleTask[] = [];
    await router.push('/');
    prefetchScreens(
      router,
      () => 'en-GB',
      undefined,
      (task) => idle.push(task),
    );
    await router.isReady();
    await Promise.resolve();

    idle.shift()!({ timeRemaining: () => 0 });
    expect(fetched).toHaveLength(1);
    idle.shift()!({ timeRemaining: () => 0 });
    expect(fetched).toHaveLength(2);
    // A screen whose code could not be fetched is fetched again when opened; nothing is thrown here.
    while (idle.length > 0) idle.shift()!({ timeRemaining: () => 0 });
    expect(fetched.sort()).toEqual(['groups', 'portfolios', 'reports']);
  });
});
