import { describe, expect, it } from 'vitest';
import { createPortfoliosHandlers } from '../../../../../main/ipc/handlers/portfolios';
import type { SessionService } from '../../../../../main/services/session/session-service';

/** Only the argument schemas are under test here; the channels against the sandbox are in test/integration/ipc. */
const handlers = createPortfoliosHandlers({ session: {} as SessionService });
const accepts = (channel: keyof typeof handlers, args: unknown[]) => handlers[channel].args.safeParse(args).success;

describe('portfolio handlers check their arguments strictly', () => {
  it('every id is a positive whole number within the safe range', () => {
    for (const bad of [0, -3, 1.5, '7', Number.MAX_SAFE_INTEGER + 2, null, undefined, Number.NaN]) {
      expect(accepts('portfolios:get', [bad])).toBe(false);
    }
    expect(accepts('portfolios:get', [7])).toBe(true);
    expect(accepts('portfolios:get', [7, 8])).toBe(false);
    expect(accepts('portfolios:remove-video', [7, 8])).toBe(true);
    expect(accepts('portfolios:remove-video', [7])).toBe(false);
    expect(accepts('portfolio-sharing:share', [7, -1])).toBe(false);
    expect(accepts('portfolio-sharing:share-all', [{ id: 3 }])).toBe(false);
    expect(accepts('portfolio-sharing:shared-with-person', [3])).toBe(true);
    expect(accepts('portfolio-sharing:shared-with-person', ['3'])).toBe(false);
    expect(accepts('portfolio-sharing:shareable-with-person', [3])).toBe(true);
    expect(accepts('portfolio-sharing:shareable-with-person', [])).toBe(false);
  });

  it('the list takes known flags only', () => {
    expect(accepts('portfolios:list', [{}])).toBe(true);
    expect(accepts('portfolios:list', [{ createdByMe: true, searchTerm: 'maths', orderByDirection: 'ASC' }])).toBe(
      true,
    );
    expect(accepts('portfolios:list', [{ createdByMe: 'true' }])).toBe(false);
    expect(accepts('portfolios:list', [{ orderByDirection: 'sideways' }])).toBe(false);
    expect(accepts('portfolios:list', [{ searchTerm: 'x'.repeat(201) }])).toBe(false);
    expect(accepts('portfolios:list', [{ admin: true }])).toBe(false);
    expect(accepts('portfolios:list', [])).toBe(false);
  });

  it('the search takes a type of 1–3, zoned ISO dates, a page within limits and a known order', () => {
    const ok = {
      searchTerm: 'reading',
      searchType: 3,
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: '2026-02-01T23:59:59.999+01:00',
      pageSize: 50,
      pageNumber: 2,
      orderBy: 'UPDATESTAMP',
      orderByDirection: 'DESC',
    };
    expect(accepts('portfolios:search', [ok])).toBe(true);
    expect(accepts('portfolios:search', [{ searchType: 0 }])).toBe(false);
    expect(accepts('portfolios:search', [{ searchType: '2' }])).toBe(false);
    expect(accepts('portfolios:search', [{ startDate: '2026-01-01' }])).toBe(false);
    expect(accepts('portfolios:search', [{ startDate: 'yesterday' }])).toBe(false);
    expect(accepts('portfolios:search', [{ pageSize: 1000 }])).toBe(false);
    expect(accepts('portfolios:search', [{ pageNumber: 0 }])).toBe(false);
    expect(accepts('portfolios:search', [{ orderBy: 'TITLE; DROP TABLE' }])).toBe(false);
  });

  it('a new portfolio needs a title of 1–200 characters after trimming, and a description of at most 4000', () => {
    expect(accepts('portfolios:create', [{ title: 'Lesson starts' }])).toBe(true);
    expect(accepts('portfolios:create', [{ title: 'Lesson starts', description: 'Why\nand how' }])).toBe(true);
    expect(accepts('portfolios:create', [{ title: '   ' }])).toBe(false);
    expect(accepts('portfolios:create', [{ title: 'x'.repeat(201) }])).toBe(false);
    expect(accepts('portfolios:create', [{ title: 'ok', description: 'x'.repeat(4001) }])).toBe(false);
    expect(accepts('portfolios:create', [{ title: 'ok', creatorId: 1 }])).toBe(false);
    const parsed = handlers['portfolios:create'].args.parse([{ title: '  Padded  ' }]);
    expect(parsed[0].title).toBe('Padded');
  });

  it('an edit changes at least one known field', () => {
    expect(accepts('portfolios:update', [3, { title: 'New' }])).toBe(true);
    expect(accepts('portfolios:update', [3, { description: '' }])).toBe(true);
    expect(accepts('portfolios:update', [3, {}])).toBe(false);
    expect(accepts('portfolios:update', [3, { title: '' }])).toBe(false);
    expect(accepts('portfolios:update', [3, { colour: 'red' }])).toBe(false);
  });

  it('adding a video takes a list of tag ids (possibly empty) and nothing else', () => {
    expect(accepts('portfolios:add-video', [3, 9, []])).toBe(true);
    expect(accepts('portfolios:add-video', [3, 9, [1, 2]])).toBe(true);
    expect(accepts('portfolios:add-video', [3, 9])).toBe(false);
    expect(accepts('portfolios:add-video', [3, 9, [0]])).toBe(false);
    expect(accepts('portfolios:add-video', [3, 9, ['1']])).toBe(false);
    expect(accepts('portfolios:add-video', [3, 9, Array.from({ length: 501 }, (_, i) => i + 1)])).toBe(false);
  });

  it('share-all candidates take no arguments', () => {
    expect(accepts('portfolio-sharing:share-all-candidates', [])).toBe(true);
    expect(accepts('portfolio-sharing:share-all-candidates', [1])).toBe(false);
  });
});
