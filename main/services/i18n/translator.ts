import enGB from '../../../shared/i18n/en-GB';
import nbNO from '../../../shared/i18n/nb-NO';
import { sourceLocale, type AppLocale, type MessagePath, type Translation } from '../../../shared/i18n/locales';

/** The catalogue both sides read (shared/i18n); main uses its `main` and `errors` sections. */
export type Catalogue = Translation<typeof enGB>;
export type MessageKey = MessagePath<Catalogue>;
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * Main's texts in the chosen language. The message syntax is vue-i18n's, the subset the catalogue
 * uses: `{name}` placeholders and plural forms separated by `|`. A unit test formats every message of
 * every locale with both this and vue-i18n and expects the same text.
 */
export interface Translator {
  readonly locale: AppLocale;
  (key: MessageKey, named?: MessageParams): string;
  /** The plural form for `plural`, chosen as vue-i18n does; `{count}` and `{n}` are `plural` unless named. */
  (key: MessageKey, plural: number): string;
  (key: MessageKey, named: MessageParams, plural: number): string;
}

const catalogues: Record<AppLocale, Catalogue> = { 'en-GB': enGB, 'nb-NO': nbNO };

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * vue-i18n's default plural rule (which fits English and Norwegian alike): with two forms, the first
 * is for exactly one; with three, the first is for none, the second for one, the third for more.
 */
function pluralIndex(count: number, forms: number): number {
  const choice = Math.abs(count);
  if (forms === 2) return choice ? (choice > 1 ? 1 : 0) : 1;
  return choice ? Math.min(choice, 2) : 0;
}

const placeholder = /\{\s*([A-Za-z_$][\w$]*)\s*\}/g;

function interpolate(text: string, params: MessageParams): string {
  // A value is text, never read again as a message: a title with "{x}" in it stays as typed.
  return text.replace(placeholder, (_whole, name: string) => (name in params ? String(params[name]) : ''));
}

export function createTranslator(locale: AppLocale = sourceLocale): Translator {
  const catalogue = catalogues[locale];
  // The same call shapes as vue-i18n's `t`: (key, named), (key, plural), (key, named, plural).
  const translate = (key: MessageKey, namedOrPlural?: MessageParams | number, plural?: number): string => {
    // A key this locale lacks shows the British English one (as vue-i18n's fallback does), then the key.
    const message = lookup(catalogue, key) ?? lookup(catalogues[sourceLocale], key) ?? key;
    const count = typeof namedOrPlural === 'number' ? namedOrPlural : plural;
    const named: Record<string, string | number> = typeof namedOrPlural === 'object' ? { ...namedOrPlural } : {};
    // As vue-i18n: without a plural number, a `count` (or `n`) parameter picks the form.
    const choice = count ?? numberOr(named.count, numberOr(named.n, -1));
    if (count !== undefined) {
      if (!named.count) named.count = count;
      if (!named.n) named.n = count;
    }
    const forms = message.split('|');
    const form = forms.length > 1 ? forms[pluralIndex(choice, forms.length)]!.trim() : message;
    return interpolate(form, named);
  };
  return Object.assign(translate, { locale }) as Translator;
}

const numberOr = (value: unknown, otherwise: number): number => (typeof value === 'number' ? value : otherwise);
