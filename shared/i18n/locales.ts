/**
 * The languages the app ships, shared by main and the page. This folder is plain data and types: it
 * imports nothing but itself, so both sides (and their TypeScript projects) can read it.
 */
export const appLocales = ['en-GB', 'nb-NO'] as const;
export type AppLocale = (typeof appLocales)[number];

/** The language every other one is translated from, and the one shown when nothing else fits. */
export const sourceLocale = 'en-GB' satisfies AppLocale;

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (appLocales as readonly string[]).includes(value);
}

/**
 * The shape a translation must have: the source's keys, each a string. `satisfies Translation<…>`
 * makes a missing or extra key a compile error in every locale file.
 */
export type Translation<T> = { readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/** Every key of a catalogue as a dotted path to its message ("main.tray.quit"). */
export type MessagePath<T, Prefix extends string = ''> = {
  [K in keyof T & (string | number)]: T[K] extends string ? `${Prefix}${K}` : MessagePath<T[K], `${Prefix}${K}.`>;
}[keyof T & (string | number)];
