import { useState } from 'react';
import { chipsToFilters, DEFAULT_NURSERY_CHIPS, nurserySearchInput } from '../../../shared/display';
import { trpc } from '../../lib/trpc';
import { useCurrentUser } from '../../lib/use-current-user';

/**
 * The nursery search: the text being typed, the text last searched for, and the active chips.
 * The query runs on the searched text and the chips; removing a chip searches again.
 */
export function useNurserySearch() {
  const { user } = useCurrentUser();
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  const [chips, setChips] = useState<string[]>([...DEFAULT_NURSERY_CHIPS]);

  const { withinMiles } = chipsToFilters(chips);
  // Distance is measured from the signed-in parent's home; without one the server cannot apply it.
  const canMeasureDistance = user?.city != null;
  const query = trpc.nurseries.search.useQuery(nurserySearchInput(searched, chips, canMeasureDistance));

  return {
    query,
    text,
    setText,
    search: () => setSearched(text.trim()),
    chips,
    removeChip: (chip: string) => setChips((current) => current.filter((c) => c !== chip)),
    resetChips: () => setChips([...DEFAULT_NURSERY_CHIPS]),
    chipsChanged: chips.length !== DEFAULT_NURSERY_CHIPS.length,
    /** Why a distance chip is shown but not applied, if it is. */
    distanceNote:
      withinMiles === undefined || canMeasureDistance
        ? null
        : user
          ? 'Add your home city to your profile to filter by distance.'
          : 'Sign in to filter by distance from your home.',
  };
}

export type NurserySearch = ReturnType<typeof useNurserySearch>;
