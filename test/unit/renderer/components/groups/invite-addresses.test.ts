import { describe, expect, it } from 'vitest';
import {
  countLines,
  inviteLines,
  isEmailAddress,
  parseAddresses,
} from '../../../../../renderer/src/components/groups/invite-addresses';

describe('reading the addresses a person pasted', () => {
  it('splits on commas, semicolons, spaces and new lines', () => {
    const parsed = parseAddresses('ada@school.example, bo@school.example;cy@school.example\n dee@school.example  ');
    expect(parsed.valid).toEqual([
      'ada@school.example',
      'bo@school.example',
      'cy@school.example',
      'dee@school.example',
    ]);
    expect(parsed.invalid).toEqual([]);
    expect(parsed.tooMany).toBe(false);
  });

  it('keeps only the address of "Name <address>" entries, as mail programs paste them', () => {
    const parsed = parseAddresses(
      'Ada Lovelace <ada@school.example>, "Bo, Jr." <bo@school.example>; cy@school.example',
    );
    expect(parsed.valid).toEqual(['ada@school.example', 'bo@school.example', 'cy@school.example']);
    expect(parsed.invalid).toEqual([]);
  });

  it('drops a mailto: prefix', () => {
    expect(parseAddresses('mailto:ada@school.example').valid).toEqual(['ada@school.example']);
  });

  it('lists what is not an address, as typed, without losing the rest', () => {
    const parsed = parseAddresses('ada@school.example, not-an-address, bo@, @school.example');
    expect(parsed.valid).toEqual(['ada@school.example']);
    expect(parsed.invalid).toEqual(['not-an-address', 'bo@', '@school.example']);
  });

  it('takes each address once, whatever its case, and says which were repeated', () => {
    const parsed = parseAddresses('ada@school.example ADA@school.example ada@School.example bo@school.example');
    expect(parsed.valid).toEqual(['ada@school.example', 'bo@school.example']);
    expect(parsed.repeated).toEqual(['ADA@school.example']);
  });

  it('says when there are more addresses than one invitation may carry', () => {
    const text = Array.from({ length: 4 }, (_, i) => `p${i}@school.example`).join(',');
    expect(parseAddresses(text, 3).tooMany).toBe(true);
    expect(parseAddresses(text, 4).tooMany).toBe(false);
  });

  it('nothing typed is nothing to send', () => {
    expect(parseAddresses('  ,; \n')).toEqual({ valid: [], invalid: [], repeated: [], tooMany: false });
  });

  it('checks addresses as main does', () => {
    expect(isEmailAddress('ada@school.example')).toBe(true);
    expect(isEmailAddress('ada@localhost')).toBe(false);
    expect(isEmailAddress('a b@school.example')).toBe(false);
    expect(isEmailAddress(`${'a'.repeat(250)}@x.example`)).toBe(false);
  });
});

describe('one line per address from the service’s answer', () => {
  it('invited, already a member, refused, in the order sent, matching any case', () => {
    const lines = inviteLines(['ada@school.example', 'Bo@school.example', 'cy@school.example'], {
      totalInvites: 3,
      invited: ['ada@school.example'],
      alreadyMembers: ['bo@school.example'],
      failed: ['CY@school.example'],
    });
    expect(lines).toEqual([
      { email: 'ada@school.example', status: 'invited' },
      { email: 'Bo@school.example', status: 'already-member' },
      { email: 'cy@school.example', status: 'failed', reason: 'refused' },
    ]);
    expect(countLines(lines)).toEqual({ invited: 1, 'already-member': 1, failed: 1 });
  });

  it('an address the answer does not mention is failed, not dropped', () => {
    const lines = inviteLines(['ada@school.example', 'bo@school.example'], {
      totalInvites: 1,
      invited: ['ada@school.example'],
      alreadyMembers: [],
      failed: [],
    });
    expect(lines[1]).toEqual({ email: 'bo@school.example', status: 'failed', reason: 'no-answer' });
  });
});
