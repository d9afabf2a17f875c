import { VisuallyHidden, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';

const options: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
];

/**
 * Light, dark or system; Mantine keeps the choice in localStorage through the theme's manager.
 * Native radio buttons styled as a segmented control (global.css): arrow keys move between
 * them for free, and the first load carries no segmented-control code.
 */
export function ThemeSwitch() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  // The choice lives in localStorage, which the server cannot see: a server-rendered page shows
  // none checked until hydration, so the browser's first render matches the server's HTML.
  const mounted = useMounted();
  return (
    <div role="radiogroup" aria-label="Theme" className="nestling-segmented">
      {options.map(({ value, label, icon: Icon }) => (
        <label key={value} className="nestling-segment">
          <input type="radio" name="nestling-theme" value={value} checked={mounted && colorScheme === value} onChange={() => setColorScheme(value)} />
          <Icon size={14} aria-hidden />
          <span>{label}</span>
          <VisuallyHidden> theme</VisuallyHidden>
        </label>
      ))}
    </div>
  );
}
