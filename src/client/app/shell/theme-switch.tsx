import { Center, SegmentedControl, VisuallyHidden, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';

const options: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
];

/** Light, dark or system; Mantine keeps the choice in localStorage through the theme's manager. */
export function ThemeSwitch() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <SegmentedControl
      fullWidth
      size="xs"
      aria-label="Theme"
      value={colorScheme}
      onChange={(value) => setColorScheme(value as MantineColorScheme)}
      data={options.map(({ value, label, icon: Icon }) => ({
        value,
        label: (
          <Center style={{ gap: 6 }}>
            <Icon size={14} aria-hidden />
            <span>{label}</span>
            <VisuallyHidden> theme</VisuallyHidden>
          </Center>
        ),
      }))}
    />
  );
}
