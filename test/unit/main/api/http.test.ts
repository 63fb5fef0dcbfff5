import { describe, expect, it } from 'vitest';
import { serializeParams } from '../../../../main/api/http';

describe('serializeParams', () => {
  it('repeats array parameters as ASP.NET binds them, leaves out undefined and writes dates as ISO', () => {
    expect(
      serializeParams({
        name: 'Year 7 & 8',
        labelIds: [3, 5],
        createdByMe: true,
        organisationId: undefined,
        startDate: new Date('2026-01-02T03:04:05Z'),
      }),
    ).toBe('name=Year+7+%26+8&labelIds=3&labelIds=5&createdByMe=true&startDate=2026-01-02T03%3A04%3A05.000Z');
  });
});
