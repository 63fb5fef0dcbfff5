import { useI18n } from 'vue-i18n';

/**
 * Words an error from main by its code, in the page's language (`errors.<code>`); a code the
 * catalogue lacks shows main's own sentence (British English).
 */
export function useErrorText(): (error: { code: string; message: string }) => string {
  const { t, te } = useI18n();
  return (error) => {
    const key = `errors.${error.code}`;
    return te(key) ? t(key) : error.message;
  };
}
