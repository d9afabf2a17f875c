import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NURSERY_CHIPS,
  activityAccent,
  childStatusLabel,
  chipsToFilters,
  greeting,
  longDate,
  nurseryLocationLabel,
  nurseryTags,
  ordinal,
  priceLabel,
  productBadgeStyle,
  ratingLabel,
  roleLabel,
} from './display';

describe('greeting', () => {
  it.each([
    [0, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Good afternoon'],
    [17, 'Good afternoon'],
    [18, 'Good evening'],
    [23, 'Good evening'],
  ])('at hour %i says %s', (hour, text) => {
    expect(greeting(hour)).toBe(text);
  });
});

describe('longDate', () => {
  it('writes the full weekday, month, ordinal day and year', () => {
    expect(longDate(new Date(2026, 10, 21))).toBe('Saturday, November 21st, 2026');
    expect(longDate(new Date(2027, 0, 1))).toBe('Friday, January 1st, 2027');
  });

  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [30, '30th'],
    [31, '31st'],
  ])('ordinal(%i) is %s', (day, text) => {
    expect(ordinal(day)).toBe(text);
  });
});

describe('ratingLabel', () => {
  it('divides the stored rating by 10 with one decimal', () => {
    expect(ratingLabel(48)).toBe('4.8');
    expect(ratingLabel(50)).toBe('5.0');
    expect(ratingLabel(7)).toBe('0.7');
  });

  it("shows '0.0' when there is no rating", () => {
    expect(ratingLabel(null)).toBe('0.0');
    expect(ratingLabel(undefined)).toBe('0.0');
  });
});

describe('priceLabel', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(priceLabel(3499)).toBe('$34.99');
    expect(priceLabel(2000)).toBe('$20.00');
    expect(priceLabel(5)).toBe('$0.05');
  });
});

describe('activityAccent', () => {
  it.each([
    ['art', 'primary'],
    ['play', 'primary'],
    ['snack', 'secondary'],
    ['nap', 'secondary'],
    ['learning', 'success'],
    ['arrival', 'neutral'],
    ['departure', 'neutral'],
  ])('%s is %s', (type, accent) => {
    expect(activityAccent(type)).toBe(accent);
  });

  it('gives any other type primary, or the accent the screen asks for', () => {
    expect(activityAccent('music')).toBe('primary');
    expect(activityAccent('music', 'neutral')).toBe('neutral');
  });
});

describe('childStatusLabel', () => {
  it('names online and nap, and shows anything else as Offline', () => {
    expect(childStatusLabel('online')).toBe('Online');
    expect(childStatusLabel('nap')).toBe('Nap Time');
    expect(childStatusLabel('offline')).toBe('Offline');
    expect(childStatusLabel('away')).toBe('Offline');
  });
});

describe('productBadgeStyle', () => {
  it('keeps new and sale and makes anything else neutral', () => {
    expect(productBadgeStyle('new')).toBe('new');
    expect(productBadgeStyle('sale')).toBe('sale');
    expect(productBadgeStyle('popular')).toBe('neutral');
  });
});

describe('nurseryTags', () => {
  const nursery = { ageGroups: ['Toddlers', 'Preschool'], facilities: ['Garden', 'Sensory room'], specialNeedsSupport: true };

  it('on the dashboard uses ageGroups and adds Special Needs Support', () => {
    expect(nurseryTags(nursery, 'dashboard')).toEqual(['Toddlers', 'Preschool', 'Special Needs Support']);
  });

  it('on the dashboard falls back to facilities when there are no ageGroups', () => {
    expect(nurseryTags({ ...nursery, ageGroups: [], specialNeedsSupport: false }, 'dashboard')).toEqual(['Garden', 'Sensory room']);
  });

  it('on the full page lists facilities, then ageGroups', () => {
    expect(nurseryTags(nursery, 'page')).toEqual(['Garden', 'Sensory room', 'Toddlers', 'Preschool', 'Special Needs Support']);
    expect(nurseryTags({ ...nursery, specialNeedsSupport: false }, 'page')).toEqual(['Garden', 'Sensory room', 'Toddlers', 'Preschool']);
  });
});

describe('chipsToFilters', () => {
  it('turns the default chips into the matching search filters', () => {
    expect(chipsToFilters(DEFAULT_NURSERY_CHIPS)).toEqual({ specialNeeds: true, ageMin: 2, ageMax: 4, withinMiles: 5 });
  });

  it('drops a filter when its chip is removed', () => {
    expect(chipsToFilters(['Age: 2-4', 'Within 5 miles'])).toEqual({ ageMin: 2, ageMax: 4, withinMiles: 5 });
    expect(chipsToFilters([])).toEqual({});
  });

  it('reads other ages and distances, and ignores chips it does not know', () => {
    expect(chipsToFilters(['Age: 0-1', 'Within 1 mile', 'Within 2.5 miles', 'Outdoor'])).toEqual({ ageMin: 0, ageMax: 1, withinMiles: 2.5 });
  });
});

describe('nurseryLocationLabel', () => {
  it("appends ', {distance} away' when the distance is known", () => {
    expect(nurseryLocationLabel('Maplebrook', '1.2 miles')).toBe('Maplebrook, 1.2 miles away');
    expect(nurseryLocationLabel('Maplebrook', null)).toBe('Maplebrook');
  });
});

describe('roleLabel', () => {
  it('capitalizes the role and defaults to Parent', () => {
    expect(roleLabel('parent')).toBe('Parent');
    expect(roleLabel('staff')).toBe('Staff');
    expect(roleLabel(undefined)).toBe('Parent');
  });
});
