/**
 * Display rules from the product spec, kept pure so both the screens and their tests use
 * one definition.
 */

/** 'Good morning' before 12:00, 'Good afternoon' before 18:00, otherwise 'Good evening'. */
export function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st, 22nd, 23rd ... */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  switch (day % 10) {
    case 1:
      return `${day}st`;
    case 2:
      return `${day}nd`;
    case 3:
      return `${day}rd`;
    default:
      return `${day}th`;
  }
}

/** 'Saturday, November 21st, 2026', in the viewer's local calendar. */
export function longDate(date: Date): string {
  return `${WEEKDAYS[date.getDay()]}, ${MONTHS[date.getMonth()]} ${ordinal(date.getDate())}, ${date.getFullYear()}`;
}

/** A stored 0-50 rating as shown: divided by 10 with one decimal, or '0.0' when there is none. */
export function ratingLabel(rating: number | null | undefined): string {
  return ((rating ?? 0) / 10).toFixed(1);
}

/** Cents as dollars with two decimals: 3499 → '$34.99'. */
export function priceLabel(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export type Accent = 'primary' | 'secondary' | 'success' | 'neutral';

const ACTIVITY_ACCENTS: Record<string, Accent> = {
  art: 'primary',
  play: 'primary',
  snack: 'secondary',
  nap: 'secondary',
  learning: 'success',
  arrival: 'neutral',
  departure: 'neutral',
};

/** The accent of an activity type; other types take `otherwise` (primary on the monitoring page). */
export function activityAccent(type: string, otherwise: Accent = 'primary'): Accent {
  return ACTIVITY_ACCENTS[type] ?? otherwise;
}

export type ChildStatusLabel = 'Online' | 'Nap Time' | 'Offline';

/** online → 'Online', nap → 'Nap Time', anything else → 'Offline'. */
export function childStatusLabel(status: string): ChildStatusLabel {
  if (status === 'online') return 'Online';
  if (status === 'nap') return 'Nap Time';
  return 'Offline';
}

/** Product badges: new and sale have their own styles, anything else is neutral. */
export function productBadgeStyle(type: string): 'new' | 'sale' | 'neutral' {
  return type === 'new' || type === 'sale' ? type : 'neutral';
}

export const SPECIAL_NEEDS_TAG = 'Special Needs Support';

interface TaggedNursery {
  ageGroups: string[];
  facilities: string[];
  specialNeedsSupport: boolean;
}

/**
 * A nursery's tags. On the dashboard: ageGroups, or facilities when there are none. On the
 * full page: facilities, then ageGroups. Either way 'Special Needs Support' is added when true.
 */
export function nurseryTags(nursery: TaggedNursery, where: 'dashboard' | 'page'): string[] {
  const base =
    where === 'dashboard'
      ? nursery.ageGroups.length > 0
        ? nursery.ageGroups
        : nursery.facilities
      : [...nursery.facilities, ...nursery.ageGroups];
  return nursery.specialNeedsSupport ? [...base, SPECIAL_NEEDS_TAG] : [...base];
}

export const DEFAULT_NURSERY_CHIPS = ['Special Needs', 'Age: 2-4', 'Within 5 miles'] as const;

export interface NurseryFilters {
  specialNeeds?: boolean;
  ageMin?: number;
  ageMax?: number;
  withinMiles?: number;
}

/**
 * What the active chips ask of the search: 'Special Needs' → specialNeeds, 'Age: 2-4' → ages
 * 2 to 4, 'Within 5 miles' → withinMiles 5. A chip not in this form adds no filter.
 */
export function chipsToFilters(chips: readonly string[]): NurseryFilters {
  const filters: NurseryFilters = {};
  for (const chip of chips) {
    if (chip === 'Special Needs') {
      filters.specialNeeds = true;
      continue;
    }
    const age = /^Age: (\d+)-(\d+)$/.exec(chip);
    if (age) {
      filters.ageMin = Number(age[1]);
      filters.ageMax = Number(age[2]);
      continue;
    }
    const within = /^Within (\d+(?:\.\d+)?) miles?$/.exec(chip);
    if (within) filters.withinMiles = Number(within[1]);
  }
  return filters;
}

/**
 * The nursery search's input: the text searched for and the chips' filters. Distance is measured
 * from the parent's home, so it applies only when their city is known. The server renders a page's
 * first search with the same input, for the browser to find its answer in the cache.
 */
export function nurserySearchInput(searched: string, chips: readonly string[], homeKnown: boolean) {
  const { withinMiles, specialNeeds, ageMin, ageMax } = chipsToFilters(chips);
  return {
    q: searched || undefined,
    specialNeeds,
    ageMin,
    ageMax,
    ...(homeKnown && withinMiles !== undefined ? { withinMiles } : {}),
  };
}

/** The spec keeps the newest 20 activities in a camera's log. */
export const ACTIVITY_CAP = 20;
/** The spec's camera, watched first when the family may watch it. */
export const DEFAULT_CAMERA_ID = 'classroom-3b';

/**
 * The camera being watched: the one chosen, else classroom-3b, else the family's first; null when
 * they have none. The server renders a page's activity log for the same camera.
 */
export function watchedCamera<T extends { id: string }>(cameras: readonly T[], chosenId = DEFAULT_CAMERA_ID): T | null {
  return cameras.find((camera) => camera.id === chosenId) ?? cameras.find((camera) => camera.id === DEFAULT_CAMERA_ID) ?? cameras[0] ?? null;
}

/** A camera's activity log: its newest activities (the query every screen with the log shares). */
export const activityFeedInput = (channel: string | undefined) => ({ channel, limit: ACTIVITY_CAP });

/** The community feed's one query input: every screen that reads or changes the feed uses the same cache entry. */
export const COMMUNITY_FEED_INPUT = { limit: 20 } as const;

/** Where a nursery is, with its distance when known: 'Maplebrook, 1.2 miles away'. */
export function nurseryLocationLabel(location: string, distance: string | null): string {
  return distance ? `${location}, ${distance} away` : location;
}

/** A role as shown beside the user's name: 'parent' → 'Parent'; Parent when unknown. */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return 'Parent';
  return role.charAt(0).toUpperCase() + role.slice(1);
}
