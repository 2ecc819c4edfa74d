import { useMantineTheme } from '@mantine/core';
import { themeCss } from './mantine-css';

// Mantine writes the theme's CSS variables and its hiddenFrom/visibleFrom classes in <style> elements where
// MantineProvider stands, inside the page's <div id="root">; HTML allows <style> only in <head> (issue 29). So
// the provider's own are off (app-providers.tsx) and this writes the same CSS as a style React 19 hoists into
// <head>: in the browser at once, and in the prerendered landing page, where the build moves it there
// (scripts/prerender-landing.ts). Mantine's responsive style props do the same with deduplicateInlineStyles.

/**
 * The theme's CSS, hoisted into <head>. Its address (`href`, how React tells styles apart) is fixed: the CSS is the
 * same in both languages, the only thing in the theme that differs between them being a label.
 */
export function MantineStyles() {
  const theme = useMantineTheme();
  return (
    <style href="mantine-theme" precedence="mantine">
      {themeCss(theme)}
    </style>
  );
}
