// Mantine's styles, one file per component, for what the first screen shows: the shell and the
// top of the dashboard. Everything else is in route-styles.ts, loaded with the screens and
// dialogs that use it. (All of Mantine's styles.css would be 41 kB gzipped on the first load.)
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
// The theme's own variables over Mantine's defaults (MantineProvider computes none: providers.tsx).
import './theme-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
