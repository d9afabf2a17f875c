import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, accessibleColorsResolver, contrastRatio, darkenToContrast } from './accessible-colors';
import { theme } from './theme';
import { mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';

const fullTheme = mergeMantineTheme(DEFAULT_THEME, theme);
const { light, dark } = accessibleColorsResolver(fullTheme);

describe('accessible colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('darkens a colour until it reaches AA on its background', () => {
    const darkened = darkenToContrast('#868e96', '#ffffff');
    expect(contrastRatio(darkened, '#ffffff')).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it.each(Object.keys(fullTheme.colors).filter((name) => name !== 'dark'))('gives %s white-on-filled and light-variant text at AA', (name) => {
    const filled = light[`--mantine-color-${name}-filled`]!;
    expect(contrastRatio('#ffffff', filled)).toBeGreaterThanOrEqual(AA_CONTRAST);
    const tint = light[`--mantine-color-${name}-light`]!;
    expect(contrastRatio(light[`--mantine-color-${name}-light-color`]!, tint)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it.each(Object.keys(fullTheme.colors).filter((name) => name !== 'dark'))('gives %s coloured text at AA on white in light and on the dark surfaces in dark', (name) => {
    expect(contrastRatio(light[`--mantine-color-${name}-text`]!, '#ffffff')).toBeGreaterThanOrEqual(AA_CONTRAST);
    for (const background of [fullTheme.colors.dark[6], fullTheme.colors.dark[7], fullTheme.colors.dark[8]]) {
      expect(contrastRatio(dark[`--mantine-color-${name}-text`]!, background)).toBeGreaterThanOrEqual(AA_CONTRAST);
    }
  });

  it('keeps secondary text at AA on the page background', () => {
    expect(contrastRatio(light['--mantine-color-dimmed']!, '#f7f8f6')).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it("keeps a form's error text at AA: on the page and cards in light, on dark cards in dark", () => {
    for (const background of ['#ffffff', '#f7f8f6']) expect(contrastRatio(light['--mantine-color-error']!, background)).toBeGreaterThanOrEqual(AA_CONTRAST);
    for (const background of [fullTheme.colors.dark[6], fullTheme.colors.dark[7]]) expect(contrastRatio(dark['--mantine-color-error']!, background)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });
});
