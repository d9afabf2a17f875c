import { VisuallyHidden, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
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
  return (
    <div role="radiogroup" aria-label="Theme" className="nestling-segmented">
      {options.map(({ value, label, icon: Icon }) => (
        <label key={value} className="nestling-segment" data-checked={colorScheme === value || undefined}>
          <input type="radio" name="nestling-theme" value={value} checked={colorScheme === value} onChange={() => setColorScheme(value)} />
          <Icon size={14} aria-hidden />
          <span>{label}</span>
          <VisuallyHidden> theme</VisuallyHidden>
        </label>
      ))}
    </div>
  );
}
