import { describe, expect, it } from 'vitest';
import type { RequestOptions, ServiceHttp } from '../../../../main/api/http';
import { createNotificationsApi, readNotificationPage } from '../../../../main/api/notifications';
import { decodeBody } from '../../../../main/api/reader';

const sandboxItem = {
  Id: 31,
  Kind: 'comment',
  Type: 'comment',
  Title: 'New comment on your portfolio',
  Message: 'Morgan Mentor commented on "Fractions lesson".',
  CreatedAt: '2026-03-10T09:15:00.000Z',
  Actor: { Id: 4, FirstName: 'Morgan', LastName: 'Mentor', PictureUrl: 'http://127.0.0.1:4010/media/a.png' },
  CommunityId: null,
  PortfolioId: 7,
  CommentId: 33,
  PostId: null,
  Link: '/portfolios/7?comment=33',
};

const sandboxPage = {
  Items: [sandboxItem],
  PageNumber: 1,
  PageSize: 20,
  TotalItemCount: 21,
  PageCount: 2,
  HasPreviousPage: false,
  HasNextPage: true,
  IsFirstPage: true,
  IsLastPage: false,
};

describe('reading notifications', () => {
  it('reads the sandbox page into the app model, with the route the click opens', () => {
    expect(readNotificationPage(sandboxPage)).toEqual({
      items: [
        {
          id: 31,
          kind: 'comment',
          title: 'New comment on your portfolio',
          message: 'Morgan Mentor commented on "Fractions lesson".',
          createdAt: '2026-03-10T09:15:00.000Z',
          actor: {
            id: 4,
            firstName: 'Morgan',
            lastName: 'Mentor',
            fullName: 'Morgan Mentor',
            pictureUrl: 'http://127.0.0.1:4010/media/a.png',
          },
          portfolioId: 7,
          commentId: 33,
          route: '/portfolios/7#comment-33',
        },
      ],
      totalCount: 21,
      pageNumber: 1,
      pageSize: 20,
      pageCount: 2,
      hasNextPage: true,
    });
  });

  it('reads a bare camelCase array, a numeric Type, other date and text names, and no actor', () => {
    const [item] = readNotificationPage([
      {
        id: '5',
        type: 3,
        subject: 'Added to a group',
        text: 'You were added.',
        createdStamp: '2026-01-01T00:00:00Z',
        communityId: '12',
        actor: null,
      },
    ]).items;
    expect(item).toEqual({
      id: 5,
      kind: '3',
      title: 'Added to a group',
      message: 'You were added.',
      createdAt: '2026-01-01T00:00:00Z',
      communityId: 12,
      route: '/groups/12',
    });
  });

  it('reads the XML form', () => {
    const xml = `<StaticPagedListOfNotificationForList xmlns:i="http://www.w3.org/2001/XMLSchema-instance">
      <Items><NotificationForList><Id>8</Id><Kind>post</Kind><Title>New post</Title><Message>Hi</Message>
        <CreatedAt>2026-01-02T00:00:00Z</CreatedAt><Actor i:nil="true"/><CommunityId>3</CommunityId>
        <PortfolioId i:nil="true"/><PostId>4</PostId></NotificationForList></Items>
      <HasNextPage>false</HasNextPage></StaticPagedListOfNotificationForList>`;
    const page = readNotificationPage(decodeBody('application/xml', xml));
    expect(page.items).toEqual([
      {
        id: 8,
        kind: 'post',
        title: 'New post',
        message: 'Hi',
        createdAt: '2026-01-02T00:00:00Z',
        communityId: 3,
        postId: 4,
        route: '/groups/3/posts/4',
      },
    ]);
    expect(page.hasNextPage).toBe(false);
  });

  it('refuses an item without an id (it could never be told apart from the others)', () => {
    expect(() => readNotificationPage({ Items: [{ Title: 'x' }] })).toThrow(
      expect.objectContaining({ code: 'BAD_RESPONSE' }),
    );
  });

  it('treats an empty answer as no notifications', () => {
    expect(readNotificationPage(null)).toEqual({ items: [] });
  });
});

describe('the notifications API', () => {
  function recordingHttp(answer: unknown) {
    const calls: { method: string; path: string; options?: RequestOptions }[] = [];
    const http = {
      serviceUrl: 'http://127.0.0.1:4010',
      get: async (path: string, options?: RequestOptions) => {
        calls.push({ method: 'GET', path, options });
        return answer;
      },
      del: async (path: string, options?: RequestOptions) => {
        calls.push({ method: 'DELETE', path, options });
        return { Id: 3, Deleted: true };
      },
    } as unknown as ServiceHttp;
    return { http, calls };
  }

  it('asks for a page newest first by default, and oldest first on request', async () => {
    const { http, calls } = recordingHttp(sandboxPage);
    const api = createNotificationsApi(http);
    await api.list();
    await api.list({ page: 3, orderByDirection: 'ASC' });
    expect(calls.map((call) => [call.path, call.options?.params])).toEqual([
      ['/api/notifications', { page: 1, orderByDirection: 'DESC' }],
      ['/api/notifications', { page: 3, orderByDirection: 'ASC' }],
    ]);
  });

  it('dismisses by id, and refuses an id that cannot be one', async () => {
    const { http, calls } = recordingHttp(null);
    const api = createNotificationsApi(http);
    await api.dismiss(3);
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/notifications/3', options: { what: 'notification' } }]);
    await expect(api.dismiss(-1)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(calls).toHaveLength(1);
  });
});
