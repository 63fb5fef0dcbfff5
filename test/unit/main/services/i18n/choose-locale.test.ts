import { describe, expect, it } from 'vitest';
import { chooseLocale } from '../../../../../main/services/i18n';

/** Which language a teacher's app speaks, from the computer's language list and the school's policy. */
describe('choosing the language', () => {
  it('follows the computer: Norwegian in any spelling the OS uses is Bokmål', () => {
    expect(chooseLocale(['nb-NO'])).toBe('nb-NO');
    expect(chooseLocale(['nb'])).toBe('nb-NO');
    expect(chooseLocale(['no'])).toBe('nb-NO'); // the macrolanguage, as older systems say it
    expect(chooseLocale(['nb_NO.UTF-8'])).toBe('nb-NO'); // POSIX, as Linux sessions say it
    expect(chooseLocale(['NO-no'])).toBe('nb-NO');
  });

  it('gives a Nynorsk user Bokmål rather than English', () => {
    expect(chooseLocale(['nn-NO', 'en-GB'])).toBe('nb-NO');
  });

  it('gives every English British English', () => {
    expect(chooseLocale(['en-US', 'nb-NO'])).toBe('en-GB');
    expect(chooseLocale(['en'])).toBe('en-GB');
    expect(chooseLocale(['en_AU.UTF-8'])).toBe('en-GB');
  });

  it('skips languages the app does not have and takes the next one the person listed', () => {
    expect(chooseLocale(['de-DE', 'nb-NO', 'en-GB'])).toBe('nb-NO');
    expect(chooseLocale(['sv-SE', 'en-US'])).toBe('en-GB');
  });

  it('falls back to British English when nothing fits or the OS says nothing', () => {
    expect(chooseLocale(['sv-SE', 'da-DK'])).toBe('en-GB');
    expect(chooseLocale([])).toBe('en-GB');
    expect(chooseLocale(['C', 'POSIX', ''])).toBe('en-GB');
  });

  it('lets a policy fix the language whatever the computer says; "system" follows the computer', () => {
    expect(chooseLocale(['nb-NO'], 'en-GB')).toBe('en-GB');
    expect(chooseLocale(['en-US'], 'nb-NO')).toBe('nb-NO');
    expect(chooseLocale(['nb-NO'], 'system')).toBe('nb-NO');
    expect(chooseLocale(['nb-NO'], undefined)).toBe('nb-NO');
    // A value the policy schema would refuse anyway is not obeyed here either.
    expect(chooseLocale(['nb-NO'], 'fr-FR')).toBe('nb-NO');
  });
});
