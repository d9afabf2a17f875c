import { readFileSync } from 'node:fs';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { accessibleColorsResolver } from './accessible-colors';
import { theme } from './theme';
import { THEME_VARIABLES_FILE, themeCssVariables } from './theme-css-variables';

describe("the theme's CSS variables", () => {
  it('are the committed stylesheet (after a change to the theme, run npm run theme:css)', () => {
    expect(readFileSync(THEME_VARIABLES_FILE, 'utf8')).toBe(themeCssVariables());
  });

  it('hold the accessible colours and the brand colour for both schemes', () => {
    const { light, dark } = accessibleColorsResolver(mergeMantineTheme(DEFAULT_THEME, theme));
    const css = themeCssVariables();
    expect(css).toContain(`--mantine-color-nest-filled: ${light['--mantine-color-nest-filled']};`);
    expect(css).toContain(`--mantine-color-dimmed: ${light['--mantine-color-dimmed']};`);
    expect(css).toContain(`--mantine-color-error: ${dark['--mantine-color-error']};`);
    expect(css).toMatch(/:root\{[^}]*--mantine-primary-color-filled: var\(--mantine-color-nest-filled\)/);
    expect(css).toMatch(/:root\[data-mantine-color-scheme="dark"\]\{/);
    expect(css).toMatch(/:root\[data-mantine-color-scheme="light"\]\{/);
  });
});
