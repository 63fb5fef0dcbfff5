import { createTranslator, type MessageKey } from '../../../../../main/services/i18n';
import type { AppLocale } from '../../../../../shared/i18n/locales';
import type { NetworkMessage } from '../../../../../preload/contract';

/** A step's sentence as the person reads it, so tests assert words rather than keys. */
export function say(text: NetworkMessage | undefined, locale: AppLocale = 'en-GB'): string {
  if (!text) return '';
  return createTranslator(locale)(text.key as MessageKey, text.params ?? {});
}
