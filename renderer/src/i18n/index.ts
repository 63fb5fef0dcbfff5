import { createI18n } from 'vue-i18n';
import enGB from './en-GB';

export type MessageSchema = typeof enGB;

export const i18n = createI18n<[MessageSchema], 'en-GB'>({
  legacy: false,
  locale: 'en-GB',
  fallbackLocale: 'en-GB',
  messages: { 'en-GB': enGB },
});
