import { createTheme, localStorageColorSchemeManager, type MantineColorsTuple } from '@mantine/core';
import type { Accent } from '../../shared/display';

/** public/theme-init.js reads the same key before the first paint; keep the two in step. */
export const COLOR_SCHEME_STORAGE_KEY = 'nestling-color-scheme';
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

// A calm sea-green for the brand, a warm apricot beside it.
const nest: MantineColorsTuple = [
  '#e9f7f5',
  '#d9ede9',
  '#b0d9d1',
  '#84c4b8',
  '#60b2a3',
  '#49a796',
  '#3ca18f',
  '#2c8d7c',
  '#1f7d6e',
  '#066c5e',
];

const apricot: MantineColorsTuple = [
  '#fff3e8',
  '#fbe6d6',
  '#f3caad',
  '#ecad80',
  '#e6945a',
  '#e38441',
  '#e27c33',
  '#c86a25',
  '#b35d1e',
  '#9c4f14',
];

export const theme = createTheme({
  primaryColor: 'nest',
  // Shade 8 keeps links at AA contrast on white; filled colours are set in accessible-colors.ts.
  primaryShade: { light: 8, dark: 6 },
  colors: { nest, apricot },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'lg', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Tooltip: { defaultProps: { openDelay: 700 } },
    // Mantine's close button has no name of its own; screen readers would announce just 'button'.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Links inside text must not rely on colour alone (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
  },
});

/** The Mantine colour behind each accent of the spec (activity types, badges). */
export const accentColor: Record<Accent, string> = {
  primary: 'nest',
  secondary: 'apricot',
  success: 'green',
  neutral: 'gray',
};
