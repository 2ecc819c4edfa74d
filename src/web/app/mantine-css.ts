import {
  convertCssVariables,
  deepMerge,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  em,
  px,
  type ConvertCSSVariablesInput,
  type MantineTheme,
} from '@mantine/core';
import { cssVariablesResolver } from '../theme';

// The CSS Mantine's MantineProvider writes for the theme, written here instead (see mantine-styles.tsx).

/** What Mantine's own stylesheet (default-css-variables.layer.css) sets already: not repeated here. */
const DEFAULT_VARIABLES = defaultCssVariablesResolver(DEFAULT_THEME);

/** The theme's CSS variables, as Mantine's MantineCssVariables writes them for the `:root` selector. */
function themeVariables(theme: MantineTheme): string {
  const all = deepMerge(defaultCssVariablesResolver(theme), cssVariablesResolver(theme));
  const changed = (part: keyof ConvertCSSVariablesInput) => {
    const defaults: Record<string, string | undefined> = DEFAULT_VARIABLES[part];
    return Object.fromEntries(Object.entries(all[part]).filter(([name, value]) => defaults[name] !== value));
  };
  return convertCssVariables({ variables: changed('variables'), light: changed('light'), dark: changed('dark') });
}

/** Mantine's MantineClasses: what `hiddenFrom` and `visibleFrom` hide at each of the theme's breakpoints. */
function breakpointClasses(theme: MantineTheme): string {
  return Object.entries(theme.breakpoints)
    .map(([breakpoint, value]) => {
      const size = Number(px(value));
      const [below, from] = value.includes('px') ? [`${size - 0.1}px`, `${size}px`] : [em(size - 0.1), em(size)];
      return (
        `@media (max-width: ${below}) {.mantine-visible-from-${breakpoint} {display: none !important;}}` +
        `@media (min-width: ${from}) {.mantine-hidden-from-${breakpoint} {display: none !important;}}`
      );
    })
    .join('');
}

/** The theme's CSS: its variables, and the breakpoints' classes. */
export function themeCss(theme: MantineTheme): string {
  return themeVariables(theme) + breakpointClasses(theme);
}
