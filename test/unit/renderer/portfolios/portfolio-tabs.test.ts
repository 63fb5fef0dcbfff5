import { describe, expect, it } from 'vitest';
import type { RouteRecordRaw } from 'vue-router';
import {
  hasRouteNamed,
  orderTabRoutes,
  portfolioLanding,
  tabsOf,
} from '../../../../renderer/src/components/portfolios/portfolio-tabs';

const tab = (name: string, tabOrder?: number, tabKey: string | null = `k.${name}`): RouteRecordRaw => ({
  path: name,
  name,
  component: {},
  meta: { ...(tabKey ? { tabKey } : {}), ...(tabOrder !== undefined ? { tabOrder } : {}) },
});

describe('the portfolio tab bar', () => {
  it('orders by tabOrder; a tab without one follows the tab declared before it', () => {
    const names = (routes: RouteRecordRaw[]) => orderTabRoutes(routes).map((r) => r.name);
    // The comments tab declared after videos, without an order: second.
    expect(names([tab('videos', 10), tab('comments'), tab('files', 30), tab('sharing', 60)])).toEqual([
      'videos',
      'comments',
      'files',
      'sharing',
    ]);
    // With an order of its own it goes where it says, wherever it was declared.
    expect(names([tab('videos', 10), tab('files', 30), tab('sharing', 60), tab('comments', 20)])).toEqual([
      'videos',
      'comments',
      'files',
      'sharing',
    ]);
    // Equal orders keep their declaration order.
    expect(names([tab('b', 5), tab('a', 5)])).toEqual(['b', 'a']);
  });

  it('shows only children with a tab key and a name', () => {
    expect(tabsOf([tab('videos', 10), tab('hidden', 15, null), tab('files', 30)])).toEqual([
      { name: 'videos', tabKey: 'k.videos' },
      { name: 'files', tabKey: 'k.files' },
    ]);
  });

  it('finds a route by name among nested records', () => {
    const nested: RouteRecordRaw[] = [{ path: 'a', component: {}, children: [tab('portfolio-comments', 20)] }];
    expect(hasRouteNamed(nested, 'portfolio-comments')).toBe(true);
    expect(hasRouteNamed([], 'portfolio-comments')).toBe(false);
  });
});

describe('where the bare portfolio address lands', () => {
  const to = (hash: string) => ({ params: { portfolioId: '7' }, query: {}, hash });

  it('on the videos, keeping nothing but the portfolio', () => {
    expect(portfolioLanding(to(''), 'portfolio-comments')).toEqual({
      name: 'portfolio-videos',
      params: { portfolioId: '7' },
      query: {},
    });
  });

  it('on the comments tab at the comment a #comment-N link names, keeping the hash', () => {
    expect(portfolioLanding(to('#comment-33'), 'portfolio-comments')).toEqual({
      name: 'portfolio-comments',
      params: { portfolioId: '7' },
      query: {},
      hash: '#comment-33',
    });
  });

  it('on the videos when there is no comments tab yet, or the hash is not a comment', () => {
    expect(portfolioLanding(to('#comment-33'), undefined)).toMatchObject({ name: 'portfolio-videos' });
    expect(portfolioLanding(to('#comment-x'), 'portfolio-comments')).toMatchObject({ name: 'portfolio-videos' });
  });
});
