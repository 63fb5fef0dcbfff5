import { describe, expect, it } from 'vitest';
import { createPortfoliosApi, readPortfolio, readPortfolioPage, readPortfolios } from '../../../../main/api/portfolios';
import { decodeBody } from '../../../../main/api/reader';
import { fakeHttp } from './browse-fake-http';

const person = { Id: 2, FirstName: 'Tom', LastName: 'Okafor', PictureUrl: 'http://x/t.png' };
const sandboxPortfolio = {
  Id: 1,
  Title: 'Feedback cycle 1',
  Description: 'Reflections.',
  CreatedById: 2,
  CreatedBy: person,
  CreatedAt: '2026-10-02T14:30:11.000Z',
  UpdatedAt: '2026-10-03T14:30:11.000Z',
  VideoCount: 1,
  CommentCount: 1,
  FileCount: 1,
  IsShared: true,
  IsSharedWithMe: false,
  SharedWith: [{ Id: 1, FirstName: 'Ada', LastName: 'Adeyemi', PictureUrl: null }],
};

describe('portfolio readers', () => {
  it('reads the sandbox portfolio with its creator and the people it is shared with', () => {
    expect(readPortfolio(sandboxPortfolio)).toEqual({
      id: 1,
      title: 'Feedback cycle 1',
      description: 'Reflections.',
      createdById: 2,
      createdBy: { id: 2, firstName: 'Tom', lastName: 'Okafor', pictureUrl: 'http://x/t.png' },
      createdAt: '2026-10-02T14:30:11.000Z',
      updatedAt: '2026-10-03T14:30:11.000Z',
      videoCount: 1,
      commentCount: 1,
      fileCount: 1,
      isShared: true,
      isSharedWithMe: false,
      sharedWith: [{ id: 1, firstName: 'Ada', lastName: 'Adeyemi' }],
    });
  });

  it('reads Name for Title, Creator for CreatedBy, CreateStamp, and works out isShared from SharedWith', () => {
    expect(
      readPortfolio({
        portfolioId: 4,
        name: 'Lesson study',
        creator: { userId: 9, fullName: 'Al B' },
        createStamp: 't',
        sharedWith: [],
      }),
    ).toEqual({
      id: 4,
      title: 'Lesson study',
      description: '',
      createdById: 9,
      createdBy: { id: 9, firstName: 'Al', lastName: 'B' },
      createdAt: 't',
      isShared: false,
      sharedWith: [],
    });
  });

  it('reads a bare list, a paged wrapper and XML alike', () => {
    expect(readPortfolios([sandboxPortfolio])[0]!.id).toBe(1);
    const page = readPortfolioPage({ Items: [sandboxPortfolio], TotalItemCount: 2, PageNumber: 1, PageSize: 1 });
    expect(page).toMatchObject({ totalCount: 2, pageCount: 2, hasNextPage: true });
    const xml = `<Response><Id>1</Id><Title>T</Title><IsShared>false</IsShared><VideoCount>0</VideoCount>
      <SharedWith><Item><Id>3</Id><FirstName>Sara</FirstName></Item></SharedWith></Response>`;
    expect(readPortfolio(decodeBody('application/xml', xml))).toEqual({
      id: 1,
      title: 'T',
      description: '',
      videoCount: 0,
      isShared: false,
      sharedWith: [{ id: 3, firstName: 'Sara', lastName: '' }],
    });
  });

  it('a portfolio without an id is BAD_RESPONSE', () => {
    expect(() => readPortfolio({ Title: 'x' })).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
  });
});

describe('requests', () => {
  it('creates with Title and Description and reads the answered portfolio', async () => {
    const { http, calls } = fakeHttp(() => sandboxPortfolio);
    expect((await createPortfoliosApi(http).createPortfolio({ title: 'T' })).id).toBe(1);
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/portfolios', body: { Title: 'T', Description: '' } });
  });

  it('updates only what is given, reading the portfolio again when the answer is not one', async () => {
    const { http, calls } = fakeHttp((call) => (call.method === 'PUT' ? { Success: true } : sandboxPortfolio));
    expect((await createPortfoliosApi(http).updatePortfolio(1, { description: 'D' })).title).toBe('Feedback cycle 1');
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/api/portfolios/1', { Description: 'D' }],
      ['GET', '/api/portfolios/1', undefined],
    ]);
  });

  it('passes the search parameters by the interface’s names', async () => {
    const { http, calls } = fakeHttp(() => []);
    await createPortfoliosApi(http).searchPortfolios({ searchType: 3, orderBy: 'TITLE', pageNumber: 2 });
    expect(calls[0]).toMatchObject({
      path: '/api/portfolios/v2/search',
      params: { searchType: 3, orderBy: 'TITLE', pageNumber: 2 },
    });
  });
});
