import { describe, expect, it } from 'vitest';
import { createPortfolioSharingApi, readPeopleList, readShareAllOutcome } from '../../../../main/api/portfolio-sharing';
import { decodeBody } from '../../../../main/api/reader';
import { fakeHttp } from './browse-fake-http';

describe('sharing readers', () => {
  it('reads people in any case and shape, XML included', () => {
    expect(
      readPeopleList([
        { Id: 1, FirstName: 'Ada', LastName: 'A', PictureUrl: 'p' },
        { userId: 2, displayName: 'Ben Brown' },
      ]),
    ).toEqual([
      { id: 1, firstName: 'Ada', lastName: 'A', pictureUrl: 'p' },
      { id: 2, firstName: 'Ben', lastName: 'Brown' },
    ]);
    const xml = '<ArrayOfUser><User><Id>3</Id><FirstName>Sara</FirstName><LastName>L</LastName></User></ArrayOfUser>';
    expect(readPeopleList(decodeBody('application/xml', xml))).toEqual([{ id: 3, firstName: 'Sara', lastName: 'L' }]);
    expect(() => readPeopleList([{ FirstName: 'no id' }])).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
  });

  it('reads the share-all outcome, or fills it in when the answer is empty', () => {
    expect(readShareAllOutcome({ UserId: 3, PortfolioIds: [1, 2], SharedCount: 2 }, 3)).toEqual({
      userId: 3,
      portfolioIds: [1, 2],
      sharedCount: 2,
    });
    expect(readShareAllOutcome(null, 3)).toEqual({ userId: 3, portfolioIds: [], sharedCount: 0 });
  });
});

describe('requests', () => {
  it('shares one portfolio by PUT with no body, answering the portfolio or nothing', async () => {
    const { http, calls } = fakeHttp(() => ({ Id: 1, Title: 'T', SharedWith: [{ Id: 3 }] }));
    const shared = await createPortfolioSharingApi(http).sharePortfolio(1, 3);
    expect(shared?.sharedWith?.map((p) => p.id)).toEqual([3]);
    expect(calls[0]).toEqual({ method: 'PUT', path: '/api/portfolio/1/shared/users/3', body: undefined });
    const empty = fakeHttp(() => null);
    expect(await createPortfolioSharingApi(empty.http).sharePortfolio(1, 3)).toBeUndefined();
  });

  it('uses the interface’s sharing paths', async () => {
    const { http, calls } = fakeHttp(() => []);
    const api = createPortfolioSharingApi(http);
    await api.listSharedWithMe();
    await api.listSharedWithUser(3);
    await api.listSharedUsers(1);
    await api.listUsersAvailableForSharing(1);
    await api.listPortfoliosAvailableForUser(3);
    expect(calls.map((c) => c.path)).toEqual([
      '/api/portfolio/shared/users/me',
      '/api/portfolio/shared/users/3',
      '/api/portfolio/1/shared/users',
      '/api/portfolio/1/shared/users/available',
      '/api/portfolio/available/shared/user/3',
    ]);
  });
});
