import { describe, expect, it } from 'vitest';
import { ONLY_CREATOR_SHARES, PortfoliosService } from '../../../../../main/services/portfolios/portfolios-service';
import { AppError } from '../../../../../main/services/app-error';
import { fakeHttp, type RecordedCall } from '../../api/browse-fake-http';

function serviceAnswering(answer: (call: RecordedCall) => unknown, userId = 4) {
  const { http, calls } = fakeHttp(answer);
  const session = { http: () => http, state: () => ({ user: { id: userId }, organisations: [{ id: 1 }, { id: 2 }] }) };
  return { service: new PortfoliosService({ session }), calls };
}

describe('the portfolios service', () => {
  it('says whether the signed-in person created the portfolio', async () => {
    const { service } = serviceAnswering(() => ({ Id: 7, Title: 'T', CreatedById: 4 }));
    expect(await service.detail(7)).toMatchObject({ isCreator: true, portfolio: { id: 7 } });
    const other = serviceAnswering(() => ({ Id: 7, Title: 'T', CreatedById: 5 }));
    expect((await other.service.detail(7)).isCreator).toBe(false);
  });

  it('turns a refused share into a sentence saying only the creator may', async () => {
    const { service } = serviceAnswering(() => new AppError('FORBIDDEN', 'You do not have permission to do that.'));
    await expect(service.share(7, 9)).rejects.toMatchObject({ code: 'FORBIDDEN', message: ONLY_CREATOR_SHARES });
    await expect(service.availableUsers(7)).rejects.toMatchObject({ code: 'FORBIDDEN', message: ONLY_CREATOR_SHARES });
  });

  it('passes other failures through as they are', async () => {
    const { service } = serviceAnswering(() => new AppError('NOT_FOUND', 'gone'));
    await expect(service.share(7, 9)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'gone' });
  });

  it('answers who it is shared with from the share answer, or reads it when the answer does not say', async () => {
    const withList = serviceAnswering(() => ({
      Id: 7,
      SharedWith: [
        { Id: 9, FirstName: 'Zed' },
        { Id: 8, FirstName: 'Amy' },
      ],
    }));
    expect((await withList.service.share(7, 9)).map((p) => p.id)).toEqual([8, 9]);
    const bare = serviceAnswering((call) =>
      call.method === 'PUT' ? { Success: true } : [{ Id: 9, FirstName: 'Zed' }],
    );
    expect((await bare.service.share(7, 9)).map((p) => p.id)).toEqual([9]);
    expect(bare.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /api/portfolio/7/shared/users/9',
      'GET /api/portfolio/7/shared/users',
    ]);
  });

  it('has no one to share "all my portfolios" with when I have none', async () => {
    const { service, calls } = serviceAnswering(() => []);
    expect(await service.shareAllCandidates()).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('offers tag sets from organisations it may read, skipping one that refuses', async () => {
    const { service } = serviceAnswering((call) => {
      if (call.path === '/api/me/videos') return [{ Id: 3, Title: 'Clip' }];
      if (call.path === '/api/portfolios/7/tagsets') return [];
      if (call.path === '/api/organisations/1/tagsets') return new AppError('FORBIDDEN', 'no');
      return [{ Id: 5, Name: 'Set', Tags: [{ Id: 50, Name: 'Tag' }] }];
    });
    expect(await service.videoChoices(7)).toEqual({
      videos: [{ id: 3, title: 'Clip' }],
      tagSets: [{ id: 5, name: 'Set', tags: [{ id: 50, name: 'Tag' }] }],
    });
  });
});
