import { describe, expect, it } from 'vitest';
import { createLabelsApi, readLabel, readLabels, readOrganisationLabels } from '../../../../main/api/labels';
import { decodeBody } from '../../../../main/api/reader';
import { AppError } from '../../../../main/services/app-error';
import { fakeHttp } from './browse-fake-http';

describe('label readers', () => {
  it('reads PascalCase, camelCase and other member names alike', () => {
    expect(
      readLabels([
        { Id: 1, Name: 'Science', OrganisationId: 1 },
        { labelId: 2, labelName: 'KS3' },
        { id: 3, title: 'ECT' },
      ]),
    ).toEqual([
      { id: 1, name: 'Science' },
      { id: 2, name: 'KS3' },
      { id: 3, name: 'ECT' },
    ]);
  });

  it('keeps the organisation list’s group count when there is one', () => {
    expect(
      readOrganisationLabels({
        Items: [
          { Id: 3, Name: 'Mentoring', CommunityCount: '3' },
          { Id: 4, Name: 'X' },
        ],
      }),
    ).toEqual([
      { id: 3, name: 'Mentoring', communityCount: 3 },
      { id: 4, name: 'X' },
    ]);
  });

  it('reads XML and refuses a label without an id', () => {
    const xml =
      '<ArrayOfCommunityLabel><CommunityLabel><Id>7</Id><Name>Maths</Name></CommunityLabel></ArrayOfCommunityLabel>';
    expect(readLabels(decodeBody('application/xml', xml))).toEqual([{ id: 7, name: 'Maths' }]);
    expect(() => readLabel({ Name: 'x' })).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
  });
});

describe('requests', () => {
  it('a rename that clashes says the name is taken, keeping the code CONFLICT', async () => {
    const { http } = fakeHttp(
      () => new AppError('CONFLICT', 'That clashes with something that already exists.', { status: 409 }),
    );
    const error = await createLabelsApi(http)
      .renameLabel(1, 3, ' Maths ')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'CONFLICT', details: { status: 409, name: ' Maths ' } });
    expect((error as Error).message).toBe('There is already a label called “Maths”. Choose another name.');
  });

  it('other failures pass through unchanged', async () => {
    const forbidden = new AppError('FORBIDDEN', 'You do not have permission to do that.');
    const { http } = fakeHttp(() => forbidden);
    await expect(createLabelsApi(http).renameLabel(1, 3, 'Maths')).rejects.toBe(forbidden);
  });

  it('sends the name as Name and reads the renamed label, or the asked name when the answer is empty', async () => {
    const { http, calls } = fakeHttp(() => ({ Id: 3, Name: 'Maths' }));
    expect(await createLabelsApi(http).renameLabel(1, 3, 'Maths')).toEqual({ id: 3, name: 'Maths' });
    expect(calls[0]).toEqual({ method: 'PUT', path: '/api/organisations/1/labels/3', body: { Name: 'Maths' } });
    const empty = fakeHttp(() => null);
    expect(await createLabelsApi(empty.http).renameLabel(1, 3, 'Maths ')).toEqual({ id: 3, name: 'Maths' });
  });

  it('attaches with a Name body and detaches by path', async () => {
    const { http, calls } = fakeHttp((call) => (call.method === 'POST' ? { Id: 9, Name: 'Oracy' } : null));
    const api = createLabelsApi(http);
    expect(await api.attachLabel(4, 'oracy')).toEqual({ id: 9, name: 'Oracy' });
    await api.detachLabel(4, 9);
    await api.deleteLabel(1, 9);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/communities/4/labels',
      'DELETE /api/communities/4/labels/9',
      'DELETE /api/organisations/1/labels/9',
    ]);
    expect(calls[0]!.body).toEqual({ Name: 'oracy' });
  });
});
