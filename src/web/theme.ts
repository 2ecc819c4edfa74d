import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// Brand colours: src/shared/brand.ts (FACTS.md).
import { BRAND } from '../shared/brand';

// Shade 6 is the brand teal and 3 the brand turquoise. White on #00979B is only ~3.6:1, so the primary
// shade (buttons, links) is 7 (#007A7E, 5.1:1 on white); 8 and 9 are for text on tinted backgrounds.
const teal: MantineColorsTuple = [
  '#e6f6f6',
  '#cdeeed',
  '#a6dedb',
  '#73c1bb',
  '#45b0ad',
  '#1fa3a5',
  '#00979b',
  '#007a7e',
  '#006a6d',
  '#00555a',
];

// Salmon and mustard are light: they carry charcoal text (6.4:1 and 10:1), never white.
const salmon: MantineColorsTuple = [
  '#fdf3ea',
  '#f9e4d2',
  '#f3cbaa',
  '#edb688',
  '#e9ab78',
  '#e5a26b',
  '#d98f52',
  '#c57a3c',
  '#a4632e',
  '#834e23',
];

const mustard: MantineColorsTuple = [
  '#fefbee',
  '#fcf5d9',
  '#f9ecba',
  '#f5e39f',
  '#f3df95',
  '#f1dc8e',
  '#e3c96a',
  '#cfb24a',
  '#a88f36',
  '#7f6c27',
];

const fontFamily = 'Montserrat, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * The site's theme. The one word it holds, the password field's toggle label, comes in the page's language
 * (app-providers.tsx gives it, translated).
 */
export const themeFor = (passwordToggleLabel: string) =>
  createTheme({
    colors: { teal, salmon, mustard },
    primaryColor: 'teal',
    primaryShade: 7,
    autoContrast: true,
    black: BRAND.charcoal,
    fontFamily,
    headings: {
      fontFamily,
      fontWeight: '800',
      sizes: {
        h1: { fontSize: 'clamp(1.75rem, 1.4rem + 1.5vw, 2.5rem)', lineHeight: '1.2' },
        h2: { fontWeight: '800', lineHeight: '1.25' },
        h3: { fontWeight: '700' },
      },
    },
    defaultRadius: 'md',
    cursorType: 'pointer',
    focusRing: 'auto',
    components: {
      // Links inside text must not rely on colour alone (WCAG 1.4.1).
      Anchor: { defaultProps: { underline: 'always' } },
      // The asterisk sits inside the <label>, so a field's label would read "Password *" to tools that
      // match labels exactly. Optional fields say so in their description; pass `withAsterisk` to opt in.
      // `type="text"` said, not left to the default: html-validate's no-implicit-input-type (issue 29).
      TextInput: { defaultProps: { withAsterisk: false, type: 'text' } },
      // Plain objects, not `PasswordInput.extend(…)`: importing the components here would pull them into the
      // entry chunk although only some lazily loaded pages use them.
      // A list opens when the member types, clicks or presses the down arrow (the ARIA combobox pattern), not
      // on focus alone: a refused form focuses its first bad field, and a list opening there covered the notes
      // that say what to fix.
      Autocomplete: { defaultProps: { openOnFocus: false } },
      Select: { defaultProps: { openOnFocus: false } },
      MultiSelect: { defaultProps: { openOnFocus: false } },
      TagsInput: { defaultProps: { openOnFocus: false } },
      PasswordInput: {
        defaultProps: {
          withAsterisk: false,
          // Not "… password …": the field's own label already says which password, and a second control
          // named "password" beside every field makes "the password button" ambiguous.
          visibilityToggleButtonProps: { 'aria-label': passwordToggleLabel },
        },
      },
    },
  });

// Mantine's defaults for secondary and error text (gray-6, red-6) fall below 4.5:1 on white.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': '#c92a2a',
  },
  dark: {},
});
