import { ActionIcon, Anchor, Button, Group, Pill, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import type { NurserySearch } from './use-nursery-search';

/** The search box (Enter or the button searches) and the removable filter chips. */
export function NurserySearchBar({ search }: { search: NurserySearch }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search.search();
  };
  return (
    <Stack gap="sm">
      <form onSubmit={submit} role="search">
        <Group gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            placeholder="Search by location or nursery name"
            aria-label="Search by location or nursery name"
            value={search.text}
            onChange={(event) => search.setText(event.currentTarget.value)}
            // On a phone the box needs the width for its placeholder, so the button moves inside it.
            rightSection={
              <ActionIcon type="submit" variant="subtle" hiddenFrom="xs" aria-label="Search">
                <IconSearch size={18} aria-hidden />
              </ActionIcon>
            }
          />
          <Button type="submit" visibleFrom="xs">
            Search
          </Button>
        </Group>
      </form>
      {(search.chips.length > 0 || search.chipsChanged) && (
        <Group gap={6} aria-label="Filters">
          {search.chips.map((chip) => (
            <Pill
              key={chip}
              size="md"
              withRemoveButton
              onRemove={() => search.removeChip(chip)}
              // Mantine hides the remove button from keyboards and screen readers (it expects
              // Backspace in a tags input); here it is the only way to remove a chip.
              removeButtonProps={{ 'aria-label': `Remove filter ${chip}`, 'aria-hidden': false, tabIndex: 0 }}
            >
              {chip}
            </Pill>
          ))}
          {search.chipsChanged && (
            <Anchor component="button" type="button" size="xs" onClick={search.resetChips}>
              Reset filters
            </Anchor>
          )}
        </Group>
      )}
      {search.distanceNote && (
        <Text size="xs" c="dimmed">
          {search.distanceNote}
        </Text>
      )}
    </Stack>
  );
}
