/** Main's language: which one (from the OS and policy) and its texts from the shared catalogue. */
export { chooseLocale } from './choose-locale';
export { createTranslator } from './translator';
export type { Catalogue, MessageKey, MessageParams, Translator } from './translator';
export type { AppLocale } from '../../../shared/i18n/locales';
