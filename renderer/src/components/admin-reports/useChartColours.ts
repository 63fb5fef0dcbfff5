import { onBeforeUnmount, ref } from 'vue';
import type { ChartColours } from '../../lib/report-helpers';

/** Read from the theme's tokens; fallbacks keep the chart readable should a token be missing. */
function read(): ChartColours {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  return {
    bar: token(dark ? '--p-primary-400' : '--p-primary-600', dark ? '#60a5fa' : '#1d4ed8'),
    text: token('--p-text-color', dark ? '#f1f5f9' : '#1e293b'),
    grid: dark ? 'rgba(241, 245, 249, 0.15)' : 'rgba(30, 41, 59, 0.12)',
  };
}

/** Chart colours for the current theme, redrawn when the system switches light/dark (the app follows it). */
export function useChartColours() {
  const colours = ref<ChartColours>(read());
  const query = window.matchMedia?.('(prefers-color-scheme: dark)');
  const update = () => (colours.value = read());
  query?.addEventListener('change', update);
  onBeforeUnmount(() => query?.removeEventListener('change', update));
  return colours;
}
