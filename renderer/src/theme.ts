import { definePreset } from '@primeuix/themes';
import Aura from '@primeuix/themes/aura';

const shades = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;

/** Message text colours that pass WCAG AA (4.5:1) on the message's own background. */
function messageColours(palette: 'green' | 'yellow' | 'blue' | 'red', light: number, dark: number) {
  const text = (shade: number) => `{${palette}.${shade}}`;
  const one = (shade: number) => ({
    color: text(shade),
    closeButton: { focusRing: { color: text(shade) } },
    outlined: { color: text(shade), borderColor: text(shade) },
    simple: { color: text(shade) },
  });
  return { light: one(light), dark: one(dark) };
}

/**
 * Aura's message colours are one step too pale: in light mode green and yellow 600 on their 50 tint
 * measure 3.2:1 and 2.8:1, in dark mode blue and red 500 on their 16% tint over the page about 4:1.
 * Light takes 800 for success and warn and 700 for info and error (4.8 to 6.8:1); dark takes 300
 * for all four (8 to 9.8:1).
 */
const messages = {
  success: messageColours('green', 800, 300),
  warn: messageColours('yellow', 800, 300),
  info: messageColours('blue', 700, 300),
  error: messageColours('red', 700, 300),
};

/**
 * Aura's unselected toggle-button labels (surface 500 on surface 100, about 4.3:1; 400 on 950 in dark)
 * fall short of WCAG AA: they take the page's text colour, as selected ones nearly do.
 */
const toggleLabels = {
  root: { color: '{text.color}', hoverColor: '{text.hover.color}' },
  icon: { color: '{text.color}', hoverColor: '{text.hover.color}' },
};

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
  components: {
    togglebutton: { colorScheme: { light: toggleLabels, dark: toggleLabels } },
    message: {
      colorScheme: {
        light: Object.fromEntries(Object.entries(messages).map(([severity, colours]) => [severity, colours.light])),
        dark: Object.fromEntries(Object.entries(messages).map(([severity, colours]) => [severity, colours.dark])),
      },
    },
  },
});
