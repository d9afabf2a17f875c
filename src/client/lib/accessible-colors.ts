import { darken, type CSSVariablesResolver, type MantineTheme } from '@mantine/core';

/** WCAG 2.2 AA contrast for normal text. */
export const AA_CONTRAST = 4.5;

function relativeLuminance(hex: string): number {
  const value = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(value.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The WCAG contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** `color`, darkened in small steps until it reaches AA contrast against `background`. */
export function darkenToContrast(color: string, background: string): string {
  let result = color;
  for (let amount = 0.05; contrastRatio(result, background) < AA_CONTRAST && amount < 1; amount += 0.05) {
    result = toHex(darken(color, amount));
  }
  return result;
}

/** Mantine's darken() answers rgba(); contrast maths wants #rrggbb. */
function toHex(color: string): string {
  if (color.startsWith('#')) return color;
  const [r, g, b] = color.match(/\d+(\.\d+)?/g)!.slice(0, 3).map(Number);
  return `#${[r, g, b].map((c) => Math.round(c!).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Mantine's stock variant colours put white text on shade 6 and shade-9 text on shade 1, which
 * for most palettes (green, red, our sea-green) falls short of AA. For every palette this picks
 * the lightest filled shade white text can sit on, and a light-variant text dark enough for its
 * tint, so every Button, Badge and Alert passes whatever colour a screen gives it.
 */
export const accessibleColorsResolver: CSSVariablesResolver = (theme: MantineTheme) => {
  const light: Record<string, string> = {
    // Mantine's gray-6 secondary text is 3.3:1 on white.
    '--mantine-color-dimmed': darkenToContrast(theme.colors.gray[6], '#f7f8f6'),
  };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // A form's error text: Mantine's red-8 is 3.0:1 on a dark card. The darkest red shade that
    // reads on the lightest dark surface (cards, dark-6).
    '--mantine-color-error': [...theme.colors.red].reverse().find((shade) => contrastRatio(shade, theme.colors.dark[6]) >= AA_CONTRAST) ?? theme.colors.red[0],
  };
  // Mantine's red-6 error text is 3.3:1 on the page background.
  light['--mantine-color-error'] = darkenToContrast(theme.colors.red[6], '#f7f8f6');
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    const filledIndex = shades.findIndex((shade, index) => index >= 6 && contrastRatio(shade, '#ffffff') >= AA_CONTRAST);
    const filled = filledIndex === -1 ? darkenToContrast(shades[9], '#ffffff') : shades[filledIndex]!;
    const filledHover = filledIndex === -1 || filledIndex === 9 ? darken(filled, 0.1) : shades[filledIndex + 1]!;
    for (const scheme of [light, dark]) {
      scheme[`--mantine-color-${name}-filled`] = filled;
      scheme[`--mantine-color-${name}-filled-hover`] = filledHover;
    }
    light[`--mantine-color-${name}-text`] = filled;
    // Coloured text on a dark surface (a link, an active tab's label): the filled shade above is
    // chosen for white text on it and reads 3.1:1 as text on the dark body (sea-green #1f7d6e on
    // #242424). Mantine's dark text is shade 4: keep it, or the nearest lighter shade, once it
    // reads on the lightest dark surface (cards, dark-6), so it reads on the body and page too.
    dark[`--mantine-color-${name}-text`] =
      shades.slice(0, 5).reverse().find((shade) => contrastRatio(shade, theme.colors.dark[6]) >= AA_CONTRAST) ?? shades[0]!;
    light[`--mantine-color-${name}-outline`] = filled;
    light[`--mantine-color-${name}-light`] = shades[0];
    light[`--mantine-color-${name}-light-hover`] = shades[1];
    light[`--mantine-color-${name}-light-color`] = darkenToContrast(shades[9], shades[0]);
  }
  return { variables: {}, light, dark };
};
