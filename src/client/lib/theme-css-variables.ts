import { convertCssVariables, defaultCssVariablesResolver, DEFAULT_THEME, mergeMantineTheme, type ConvertCSSVariablesInput } from '@mantine/core';
import { accessibleColorsResolver } from './accessible-colors';
import { theme } from './theme';

/** The stylesheet written from themeCssVariables(), which first-load-styles.ts imports. */
export const THEME_VARIABLES_FILE = 'src/client/app/theme-variables.css';

const HEADER = `/* Written by \`npm run theme:css\` from src/client/lib/theme.ts and accessible-colors.ts: do not edit. */\n`;

/** Only what differs from Mantine's own defaults, which its default-css-variables.css already sets. */
function withoutDefaults(input: ConvertCSSVariablesInput): ConvertCSSVariablesInput {
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const differing = (own: Record<string, string>, stock: Record<string, string>) =>
    Object.fromEntries(Object.entries(own).filter(([name, value]) => stock[name] !== value));
  return {
    variables: differing(input.variables, defaults.variables),
    light: differing(input.light, defaults.light),
    dark: differing(input.dark, defaults.dark),
  };
}

/**
 * The theme's CSS variables as a stylesheet: what MantineProvider would otherwise compute in the
 * browser on every start (and render as a <style>), from a theme that never changes at run time.
 * As a file they cost the first load no script (2.3 kB gzipped with Mantine's resolver and ours)
 * and reach the server-rendered page as critical CSS.
 */
export function themeCssVariables(): string {
  const full = mergeMantineTheme(DEFAULT_THEME, theme);
  const stock = defaultCssVariablesResolver(full);
  const ours = accessibleColorsResolver(full);
  const merged: ConvertCSSVariablesInput = {
    variables: { ...stock.variables, ...ours.variables },
    light: { ...stock.light, ...ours.light },
    dark: { ...stock.dark, ...ours.dark },
  };
  return `${HEADER}${convertCssVariables(withoutDefaults(merged), ':root').trim()}\n`;
}
