import { definePreset } from '@primeuix/themes';
import Aura from '@primeuix/themes/aura';

const shades = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;

/**
 * Aura with an indigo primary. The primary colour is used for text too (links, link buttons), so it
 * is taken one step darker in light mode and lighter in dark mode than Aura's default, to pass WCAG AA
 * contrast on the page background.
 */
export const AppPreset = definePreset(Aura, {
  semantic: {
    primary: Object.fromEntries(shades.map((shade) => [shade, `{indigo.${shade}}`])),
    colorScheme: {
      light: {
        primary: {
          color: '{primary.700}',
          contrastColor: '#ffffff',
          hoverColor: '{primary.800}',
          activeColor: '{primary.900}',
        },
        highlight: {
          background: '{primary.50}',
          focusBackground: '{primary.100}',
          color: '{primary.800}',
          focusColor: '{primary.900}',
        },
      },
      dark: {
        primary: {
          color: '{primary.300}',
          contrastColor: '{surface.950}',
          hoverColor: '{primary.200}',
          activeColor: '{primary.100}',
        },
        highlight: {
          background: 'color-mix(in srgb, {primary.400}, transparent 84%)',
          focusBackground: 'color-mix(in srgb, {primary.400}, transparent 76%)',
          color: 'rgba(255,255,255,.87)',
          focusColor: 'rgba(255,255,255,.87)',
        },
      },
    },
  },
});
