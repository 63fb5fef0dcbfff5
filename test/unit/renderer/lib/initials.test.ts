import { describe, expect, it } from 'vitest';
import { initialsOf } from '../../../../renderer/src/lib/initials';

describe('initialsOf, shown when a person or group has no picture', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initialsOf('Tom Okafor')).toBe('TO');
    expect(initialsOf('Ana Maria de la Cruz')).toBe('AC');
  });

  it('keeps one letter for one name and a question mark for none', () => {
    expect(initialsOf('Ada')).toBe('A');
    expect(initialsOf('   ')).toBe('?');
  });

  it('uses whole letters outside ASCII and skips punctuation', () => {
    expect(initialsOf('øystein ålund')).toBe('ØÅ');
    expect(initialsOf('"Kari" (guest)')).toBe('KG');
    expect(initialsOf('Zoë')).toBe('Z');
  });

  it('names a group by the first letters of its first two words', () => {
    expect(initialsOf('Year 7 Science mentors', 'first-two')).toBe('Y7');
    expect(initialsOf('  phonics cohort ', 'first-two')).toBe('PC');
    expect(initialsOf('<img src=x>', 'first-two')).toBe('IS');
    expect(initialsOf('Ünterricht', 'first-two')).toBe('Ü');
    expect(initialsOf('!!!', 'first-two')).toBe('?');
  });
});
