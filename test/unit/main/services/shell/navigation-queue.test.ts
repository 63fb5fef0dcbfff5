import { describe, expect, it } from 'vitest';
import type { NavigateRequest } from '../../../../../preload/contract';
import { createNavigationQueue } from '../../../../../main/services/shell/navigation-queue';

function queue() {
  const pushed: NavigateRequest[] = [];
  return { pushed, navigation: createNavigationQueue((request) => pushed.push(request)) };
}

/** A click that opens the window must land on its route, not on Home. */
describe('the navigation queue', () => {
  it('keeps a route asked for before the page listens, and hands the latest over when it is ready', () => {
    const { pushed, navigation } = queue();
    navigation.navigate('/notifications');
    navigation.navigate('/groups/12/posts');
    expect(pushed).toEqual([]); // nobody would hear it
    expect(navigation.pageReady()).toEqual({ path: '/groups/12/posts' });
    // Handed over once: a later start of the page does not go there again.
    navigation.pageGone();
    expect(navigation.pageReady()).toBeNull();
  });

  it('pushes at once while the page is ready', () => {
    const { pushed, navigation } = queue();
    expect(navigation.pageReady()).toBeNull();
    navigation.navigate('/about');
    expect(pushed).toEqual([{ path: '/about' }]);
    expect(navigation.pageReady()).toBeNull();
  });

  it('keeps routes again once the page is gone (closed, reloading or crashed)', () => {
    const { pushed, navigation } = queue();
    navigation.pageReady();
    navigation.pageGone();
    navigation.navigate('/uploads');
    expect(pushed).toEqual([]);
    expect(navigation.pageReady()).toEqual({ path: '/uploads' });
  });
});
