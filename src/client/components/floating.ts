// Loaded on demand by deferred-tooltip.tsx: what is imported here stays out of the first load.
export { Tooltip } from '@mantine/core';
