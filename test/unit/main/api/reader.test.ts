import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  camelize,
  camelKey,
  decodeBody,
  readId,
  readLazyList,
  readList,
  readModel,
  readPaged,
} from '../../../../main/api/reader';
import { AppError } from '../../../../main/services/app-error';

const portfolio = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().optional(),
  isShared: z.boolean(),
  videoCount: z.number().int().optional(),
  createdBy: z.object({ id: z.number().int(), firstName: z.string() }).nullable().optional(),
  tagIds: z.array(z.number().int()).optional(),
});

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
  return undefined;
}

describe('camelKey', () => {
  it.each([
    ['Id', 'id'],
    ['ID', 'id'],
    ['PictureUrl', 'pictureUrl'],
    ['HTMLBody', 'htmlBody'],
    ['pictureUrl', 'pictureUrl'],
    ['access_token', 'accessToken'],
    ['TOTAL_ITEM_COUNT', 'totalItemCount'],
    ['page-number', 'pageNumber'],
    ['@odata.count', '@odata.count'],
  ])('%s becomes %s', (input, expected) => {
    expect(camelKey(input)).toBe(expected);
  });
});

describe('readModel', () => {
  const expected = { id: 7, title: 'Lesson 3', isShared: true, createdBy: { id: 2, firstName: 'Ann' } };

  it('reads PascalCase, camelCase and snake_case alike into the same model', () => {
    const pascal = { Id: 7, Title: 'Lesson 3', IsShared: true, CreatedBy: { Id: 2, FirstName: 'Ann' } };
    const camel = { id: 7, title: 'Lesson 3', isShared: true, createdBy: { id: 2, firstName: 'Ann' } };
    const snake = { id: 7, title: 'Lesson 3', is_shared: true, created_by: { id: 2, first_name: 'Ann' } };
    for (const raw of [pascal, camel, snake]) expect(readModel(portfolio, raw, 'portfolio')).toEqual(expected);
  });

  it('ignores unknown extra fields and allows missing optional ones', () => {
    const model = readModel(portfolio, { Id: 7, Title: 'T', IsShared: false, Shiny: 'new', Nested: { A: 1 } }, 'p');
    expect(model).toEqual({ id: 7, title: 'T', isShared: false });
  });

  it('treats null for an optional member as missing', () => {
    expect(readModel(portfolio, { Id: 1, Title: 'T', IsShared: false, VideoCount: null }, 'p')).toEqual({
      id: 1,
      title: 'T',
      isShared: false,
    });
  });

  it('coerces numbers and booleans that arrive as strings, and numbers where text is expected', () => {
    const model = readModel(
      portfolio,
      { Id: '7', Title: 2024, IsShared: 'True', VideoCount: '3', TagIds: ['1', 2] },
      'p',
    );
    expect(model).toEqual({ id: 7, title: '2024', isShared: true, videoCount: 3, tagIds: [1, 2] });
  });

  it('matches enum values ignoring case', () => {
    const schema = z.object({ visibility: z.enum(['Public', 'Private']) });
    expect(readModel(schema, { Visibility: 'PRIVATE' }, 'tag set')).toEqual({ visibility: 'Private' });
  });

  it('answers BAD_RESPONSE naming the thing when a required field is missing or of the wrong kind', () => {
    try {
      readModel(portfolio, { Title: 'no id', IsShared: true }, 'portfolio');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('BAD_RESPONSE');
      expect((error as AppError).message).toContain('portfolio');
    }
    expect(codeOf(() => readModel(portfolio, { Id: 'seven', Title: 'x', IsShared: true }, 'p'))).toBe('BAD_RESPONSE');
    expect(codeOf(() => readModel(portfolio, '<<garbage>>', 'p'))).toBe('BAD_RESPONSE');
    expect(codeOf(() => readModel(portfolio, null, 'p'))).toBe('BAD_RESPONSE');
  });
});

describe('decodeBody', () => {
  it('reads JSON by its content type, including text/json and problem+json', () => {
    expect(decodeBody('application/json; charset=utf-8', '{"Id":1}')).toEqual({ Id: 1 });
    expect(decodeBody('text/json', '[1,2]')).toEqual([1, 2]);
    expect(decodeBody('application/problem+json', '{"Status":400}')).toEqual({ Status: 400 });
  });

  it('gives null for an empty body (204 No Content, or 200 with nothing)', () => {
    expect(decodeBody(undefined, '')).toBeNull();
    expect(decodeBody('application/json', '  ')).toBeNull();
  });

  it('reads an XML object with its root dropped, nil as null and attributes ignored', () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
      <UserProfileGet xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://schemas.example">
        <Id>12</Id><FirstName>Ann &amp; Co</FirstName><PictureUrl i:nil="true"/><Bio></Bio>
      </UserProfileGet>`;
    expect(decodeBody('application/xml', xml)).toEqual({ Id: '12', FirstName: 'Ann & Co', PictureUrl: null, Bio: '' });
  });

  it('reads DataContract lists (<ArrayOfX>) as arrays, with one item or none', () => {
    const two =
      '<ArrayOfCommunityGet><CommunityGet><Id>1</Id></CommunityGet><CommunityGet><Id>2</Id></CommunityGet></ArrayOfCommunityGet>';
    expect(decodeBody('text/xml', two)).toEqual([{ Id: '1' }, { Id: '2' }]);
    expect(decodeBody('application/xml', '<ArrayOfItem><Item><Id>1</Id></Item></ArrayOfItem>')).toEqual([{ Id: '1' }]);
    expect(decodeBody('application/xml', '<ArrayOfItem></ArrayOfItem>')).toEqual([]);
    expect(decodeBody('application/xml', '<ArrayOflong><long>4</long><long>5</long></ArrayOflong>')).toEqual([
      '4',
      '5',
    ]);
  });

  it('reads XML scalars and the empty response element', () => {
    expect(decodeBody('application/xml', '<int>42</int>')).toBe('42');
    expect(decodeBody('application/xml', '<Response></Response>')).toBeNull();
  });

  it('guesses by the first character when the type is missing or generic', () => {
    expect(decodeBody('application/octet-stream', '{"a":1}')).toEqual({ a: 1 });
    expect(decodeBody(undefined, '<Response><A>1</A></Response>')).toEqual({ A: '1' });
    expect(decodeBody('text/plain', 'Usage report')).toBe('Usage report');
  });

  it('says NOT_A_SERVICE for an HTML page, even one labelled as JSON', () => {
    expect(codeOf(() => decodeBody('text/html', '<html><body>Welcome</body></html>'))).toBe('NOT_A_SERVICE');
    expect(codeOf(() => decodeBody('application/json', '<!DOCTYPE html><html></html>'))).toBe('NOT_A_SERVICE');
  });

  it('says BAD_RESPONSE for broken JSON or XML', () => {
    expect(codeOf(() => decodeBody('application/json', '{"Id": 1'))).toBe('BAD_RESPONSE');
    expect(codeOf(() => decodeBody('application/xml', '<a><b></a>'))).toBe('BAD_RESPONSE');
  });
});

describe('readModel over XML', () => {
  it('turns XML text, nil and nested list elements into the model', () => {
    const xml = `<PortfolioGet><Id>7</Id><Title>Lesson</Title><Description></Description><IsShared>false</IsShared>
      <CreatedBy i:nil="true" xmlns:i="http://www.w3.org/2001/XMLSchema-instance"/>
      <TagIds><long>3</long><long>4</long></TagIds></PortfolioGet>`;
    expect(readModel(portfolio, decodeBody('application/xml', xml), 'portfolio')).toEqual({
      id: 7,
      title: 'Lesson',
      description: '',
      isShared: false,
      createdBy: null,
      tagIds: [3, 4],
    });
  });

  it('reads a list element with one child, or none, as a list', () => {
    const one = decodeBody(
      'application/xml',
      '<R><Id>1</Id><Title>t</Title><IsShared>1</IsShared><TagIds><Item>9</Item></TagIds></R>',
    );
    expect(readModel(portfolio, one, 'p').tagIds).toEqual([9]);
    const none = decodeBody('application/xml', '<R><Id>1</Id><Title>t</Title><IsShared>0</IsShared><TagIds/></R>');
    expect(readModel(portfolio, none, 'p').tagIds).toEqual([]);
  });

  it('reads element names .NET escaped with XmlConvert back as the member names they stand for', () => {
    const problem = decodeBody(
      'application/xml',
      '<ProblemDetails><Errors><Tags_x005B_0_x005D_.TagId><string>Unknown tag</string></Tags_x005B_0_x005D_.TagId></Errors></ProblemDetails>',
    );
    expect(problem).toEqual({ Errors: { 'Tags[0].TagId': { string: 'Unknown tag' } } });
  });
});

describe('readPaged', () => {
  const item = z.object({ id: z.number().int(), name: z.string() });
  const rows = [
    { Id: 1, Name: 'A' },
    { Id: 2, Name: 'B' },
  ];
  const items = [
    { id: 1, name: 'A' },
    { id: 2, name: 'B' },
  ];

  it('accepts a bare array', () => {
    expect(readPaged(item, rows, 'groups')).toEqual({ items });
  });

  it('reads the StaticPagedList wrapper with its counts', () => {
    const raw = { Items: rows, PageNumber: 1, PageSize: 2, TotalItemCount: 5, PageCount: 3, HasNextPage: true };
    expect(readPaged(item, raw, 'groups')).toEqual({
      items,
      pageNumber: 1,
      pageSize: 2,
      totalCount: 5,
      pageCount: 3,
      hasNextPage: true,
    });
  });

  it.each([
    ['items/totalCount', { items: rows, totalCount: 2 }],
    ['Data/Total', { Data: rows, Total: 2 }],
    ['Results/Count', { Results: rows, Count: 2 }],
    ['value/@odata.count (OData)', { value: rows, '@odata.count': 2 }],
    ['Records/TotalRecords', { Records: rows, TotalRecords: 2 }],
    ['List/totalItems', { List: rows, totalItems: 2 }],
    ['an unknown name, the only list', { Groups: rows, Total_Count: 2 }],
    ['snake_case', { data: rows, total_count: '2' }],
  ])('finds the list and the count under %s', (_name, raw) => {
    const page = readPaged(item, raw, 'groups');
    expect(page.items).toEqual(items);
    expect(page.totalCount).toBe(2);
  });

  it('reads a wrapper inside a wrapper', () => {
    expect(readPaged(item, { data: { items: rows, total: 2 } }, 'groups')).toMatchObject({ items, totalCount: 2 });
  });

  it('derives hasNextPage and pageCount when only some counts are given', () => {
    expect(readPaged(item, { Items: rows, PageNumber: 1, PageSize: 2, TotalItemCount: 5 }, 'g')).toMatchObject({
      pageCount: 3,
      hasNextPage: true,
    });
    expect(readPaged(item, { Items: rows, IsLastPage: true }, 'g').hasNextPage).toBe(false);
  });

  it('reads the paged list written as XML, with counts as text', () => {
    const xml = `<Response><Items><Item><Id>1</Id><Name>A</Name></Item><Item><Id>2</Id><Name>B</Name></Item></Items>
      <PageNumber>2</PageNumber><PageSize>2</PageSize><TotalItemCount>4</TotalItemCount><PageCount>2</PageCount>
      <HasNextPage>false</HasNextPage></Response>`;
    expect(readPaged(item, decodeBody('application/xml', xml), 'groups')).toEqual({
      items,
      pageNumber: 2,
      pageSize: 2,
      totalCount: 4,
      pageCount: 2,
      hasNextPage: false,
    });
  });

  it('reads an XML page with one item or none', () => {
    const one =
      '<Response><Items><Item><Id>1</Id><Name>A</Name></Item></Items><TotalItemCount>1</TotalItemCount></Response>';
    expect(readPaged(item, decodeBody('application/xml', one), 'g').items).toEqual([{ id: 1, name: 'A' }]);
    const none = '<Response><Items></Items><TotalItemCount>0</TotalItemCount></Response>';
    expect(readPaged(item, decodeBody('application/xml', none), 'g')).toEqual({ items: [], totalCount: 0 });
  });

  it('treats an empty answer (204) as an empty page', () => {
    expect(readPaged(item, null, 'groups')).toEqual({ items: [] });
  });

  it('answers BAD_RESPONSE when there is no list, or an item is unusable', () => {
    expect(codeOf(() => readPaged(item, { Message: 'hello', Code: 3 }, 'groups'))).toBe('BAD_RESPONSE');
    expect(codeOf(() => readPaged(item, [{ Id: 1 }], 'groups'))).toBe('BAD_RESPONSE');
    expect(codeOf(() => readPaged(item, 'just text', 'groups'))).toBe('BAD_RESPONSE');
  });

  it('readList gives only the items, from either form', () => {
    expect(readList(item, rows, 'g')).toEqual(items);
    expect(readList(item, { Items: rows }, 'g')).toEqual(items);
  });
});

describe('readLazyList', () => {
  const item = z.object({ id: z.number().int(), name: z.string() });
  const rows = Array.from({ length: 300 }, (_, i) => ({ Id: i + 1, Name: `Group ${i + 1}` }));

  it('finds the list at once and reads only the items of the slices asked for, each once', () => {
    let converted = 0;
    const list = readLazyList(item, { Items: rows, TotalItemCount: 300 }, 'groups', (wire) => {
      converted++;
      return wire;
    });
    expect(list.length).toBe(300);
    expect(converted).toBe(0);
    expect(list.slice(0, 2)).toEqual([
      { id: 1, name: 'Group 1' },
      { id: 2, name: 'Group 2' },
    ]);
    expect(list.slice(298, 400).map((g) => g.id)).toEqual([299, 300]);
    list.slice(0, 2);
    expect(converted).toBe(4);
  });

  it('says BAD_RESPONSE at once when there is no list, and at the slice holding a bad item', () => {
    expect(codeOf(() => readLazyList(item, { Title: 'nope' }, 'groups', (w) => w))).toBe('BAD_RESPONSE');
    const broken = [...rows.slice(0, 100), { Id: 'x' }, ...rows.slice(100)];
    const list = readLazyList(item, broken, 'groups', (w) => w);
    expect(list.slice(0, 50)).toHaveLength(50);
    expect(codeOf(() => list.slice(100, 150))).toBe('BAD_RESPONSE');
  });
});

describe('readId', () => {
  it('reads a new id as a bare number, XML text, or an object with Id', () => {
    expect(readId(12, 'group')).toBe(12);
    expect(readId(decodeBody('application/xml', '<int>13</int>'), 'group')).toBe(13);
    expect(readId({ Id: 14 }, 'group')).toBe(14);
    expect(codeOf(() => readId({ Success: true }, 'group'))).toBe('BAD_RESPONSE');
  });
});

describe('camelize', () => {
  it('renames deeply and keeps arrays and scalars', () => {
    expect(camelize({ A: [{ B_C: 1 }], D: null, E: 'x' })).toEqual({ a: [{ bC: 1 }], d: null, e: 'x' });
  });
});
