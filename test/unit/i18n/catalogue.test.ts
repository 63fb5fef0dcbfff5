import { describe, expect, it } from 'vitest';
import enGB from '../../../shared/i18n/en-GB';
import nbNO from '../../../shared/i18n/nb-NO';
import { appLocales } from '../../../shared/i18n/locales';
import { errorCodes } from '../../../preload/contract';

/**
 * Both languages have every message, with the same placeholders and the same number of plural
 * forms: a missing key shows a Norwegian teacher English (or the bare key), a lost `{name}` drops the
 * name from the sentence, and a plural with a form too few picks the wrong one for some counts.
 */

type Messages = Map<string, string>;

function flatten(node: unknown, prefix = '', into: Messages = new Map()): Messages {
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(path, value);
    else flatten(value, path, into);
  }
  return into;
}

const en = flatten(enGB);
const nb = flatten(nbNO);
const catalogues = { 'en-GB': en, 'nb-NO': nb } as const;

/** The placeholders of each plural form, sorted: `{count} files` → [['count']]. */
const placeholdersByForm = (message: string): string[][] =>
  message.split('|').map((form) => [...form.matchAll(/\{\s*(\w+)\s*\}/g)].map((match) => match[1]!).sort());

/**
 * Values that are the same words in both languages: names of products and units, formats, and words
 * Norwegian has borrowed as they are. Anything else left in English is an untranslated message.
 */
const sameInBoth = new Set([
  'app.name', // the brand
  'about.electron',
  'about.chrome',
  'about.node',
  'uploads.speed', // '{speed}/s'
  'adminPeople.columns.status', // "Status" is Norwegian too
  'adminPeople.form.region', // "Region" is Norwegian too
  'uploads.settings.mib', // 'MB'
  'uploads.timing.settings.kibps', // 'KiB/s'
  'uploads.preparation.offer.bitrate', // '{mbps} Mbit/s'
  'portfolios.addVideo.video', // 'Video'
  'portfolios.advanced.type', // 'Type'
  'portfolios.documents.type',
  'groups.orders.type',
  'groups.create.type',
  'videos.page.statusLabel', // 'Status'
  'portfolios.filters.mine', // 'Mine': Norwegian for "mine" is spelled the same
  'adminOrganisation.details.status', // 'Status'
  'adminOrganisation.browser.status', // 'Status'
  'adminOrganisation.metadataForm.type', // 'Type'
  'adminOrganisation.metadata.type', // 'Type {type}': the service's number, not a name
  'adminOrganisation.metadataForm.typeOption',
]);

describe('the message catalogue', () => {
  it('ships British English and Norwegian Bokmål', () => {
    expect([...appLocales]).toEqual(['en-GB', 'nb-NO']);
    // Several hundred messages, the main process's among them: a broken import would leave a stub.
    expect(en.size).toBeGreaterThan(700);
    expect([...en.keys()].filter((key) => key.startsWith('main.')).length).toBeGreaterThan(30);
  });

  it('has a message for every error code the app can show (the page words errors by their code)', () => {
    expect(Object.keys(enGB.errors).sort()).toEqual([...errorCodes].sort());
  });

  it('has exactly the same keys in every language', () => {
    const missingInNb = [...en.keys()].filter((key) => !nb.has(key));
    const extraInNb = [...nb.keys()].filter((key) => !en.has(key));
    expect({ missingInNb, extraInNb }).toEqual({ missingInNb: [], extraInNb: [] });
  });

  it('has the same plural forms and the same placeholders in each, key by key', () => {
    const differences = [...en].flatMap(([key, english]) => {
      const norwegian = nb.get(key) ?? '';
      const [enForms, nbForms] = [placeholdersByForm(english), placeholdersByForm(norwegian)];
      if (enForms.length !== nbForms.length) return [`${key}: ${enForms.length} forms, nb-NO ${nbForms.length}`];
      // Per form, so that "One file" may leave out {count} where English does, but nothing else moves.
      const union = (forms: string[][]) => [...new Set(forms.flat())].sort().join(',');
      return union(enForms) === union(nbForms) ? [] : [`${key}: {${union(enForms)}} vs {${union(nbForms)}}`];
    });
    expect(differences).toEqual([]);
  });

  it('leaves no Norwegian message in English, except names, units and shared words', () => {
    const untranslated = [...en].filter(([key, english]) => nb.get(key) === english && !sameInBoth.has(key));
    expect(untranslated.map(([key, english]) => `${key}: ${english}`)).toEqual([]);
    // The allowlist holds only keys that exist and really are the same: it cannot hide a typo.
    expect([...sameInBoth].filter((key) => !en.has(key) || nb.get(key) !== en.get(key))).toEqual([]);
  });

  it('has no text vue-i18n would read as syntax by accident, in any language', () => {
    for (const [locale, messages] of Object.entries(catalogues)) {
      const texts = [...messages.values()];
      // '@' starts a linked message in vue-i18n; a literal one must be a placeholder ({at}).
      expect(
        texts.filter((text) => text.includes('@')),
        locale,
      ).toEqual([]);
      // '|' separates plural forms: only as ' | ' between forms, never glued to text.
      expect(
        texts.filter((text) => /[^ ]\||\|[^ ]/.test(text)),
        locale,
      ).toEqual([]);
      // Braces only around a placeholder name.
      expect(
        texts.filter((text) => /\{(?!\w+\})|(?<!\{\w+)\}/.test(text)),
        locale,
      ).toEqual([]);
    }
  });
});
