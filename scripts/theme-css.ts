import { writeFile } from 'node:fs/promises';
import { THEME_VARIABLES_FILE, themeCssVariables } from '../src/client/lib/theme-css-variables';

// Regenerates the theme's committed CSS variables; src/client/lib/theme-css-variables.test.ts fails until it is run.
await writeFile(THEME_VARIABLES_FILE, themeCssVariables());
console.log(`wrote ${THEME_VARIABLES_FILE}`);
