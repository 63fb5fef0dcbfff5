import { describe, expect, it } from 'vitest';
import enGB from '../../../renderer/src/i18n/en-GB';
import { errorCodes } from '../../../preload/contract';

describe('en-GB messages', () => {
  it('has a message for every error code the app can show', () => {
    expect(Object.keys(enGB.errors).sort()).toEqual([...errorCodes].sort());
  });

  it('has no message that vue-i18n would read as a link or a placeholder by accident', () => {
    const all: string[] = [];
    const walk = (value: unknown) => {
      if (typeof value === 'string') all.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    };
    walk(enGB);
    // '@' starts a linked message in vue-i18n; a literal one must be a placeholder.
    expect(all.filter((text) => text.includes('@'))).toEqual([]);
    // '|' separates plural forms: only as ' | ' between forms, never glued to text by accident.
    expect(all.filter((text) => /[^ ]\||\|[^ ]/.test(text))).toEqual([]);
  });
});
