import { sql, type RawBuilder } from 'kysely';
import type { PageInput } from '../../../shared/schemas/common';
import type { Db } from '../../db/database';
import { readPage, type Keyset, type KeysetColumn } from '../../db/keyset';

export interface NurserySearch {
  text?: string;
  specialNeeds?: boolean;
  ageMin?: number;
  ageMax?: number;
  /** Where distance is measured from. */
  origin?: { lat: number; lng: number };
  withinMiles?: number;
}

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.0;
const TYPO_SIMILARITY = 0.35;

/** Great-circle (haversine) distance in miles from the origin to each nursery. */
function milesFrom(origin: { lat: number; lng: number }): RawBuilder<number> {
  const lat = sql`${origin.lat}::float8`;
  const lng = sql`${origin.lng}::float8`;
  return sql<number>`${sql.lit(EARTH_RADIUS_MILES)} * 2 * asin(sqrt(
    power(sin(radians(nurseries.latitude - ${lat}) / 2), 2) +
    cos(radians(${lat})) * cos(radians(nurseries.latitude)) *
    power(sin(radians(nurseries.longitude - ${lng}) / 2), 2)))`;
}

/**
 * How well the text matches: full-text rank on name (weight A) and location (B), plus trigram
 * word similarity so that misspellings still rank. float8, so that a cursor holds it exactly.
 */
function relevanceTo(text: string | undefined): RawBuilder<number> {
  if (!text) return sql<number>`0::float8`;
  return sql<number>`(ts_rank(nurseries.search, websearch_to_tsquery('english', ${text}::text)) +
    greatest(word_similarity(${text}::text, nurseries.name), word_similarity(${text}::text, nurseries.location)))::float8`;
}

/** The nurseries that match, each with its relevance and its distance in miles (null with no origin). */
function nurseriesMatching(db: Db, search: NurserySearch) {
  const { origin, text } = search;
  let query = db
    .selectFrom('nurseries')
    .select([
      'nurseries.id',
      'nurseries.name',
      'nurseries.image',
      'nurseries.rating',
      'nurseries.location',
      'nurseries.age_groups',
      'nurseries.facilities',
      'nurseries.special_needs_support',
      (origin ? milesFrom(origin) : sql<number | null>`NULL::float8`).as('miles'),
      relevanceTo(text).as('relevance'),
    ]);
  if (text) {
    query = query.where(
      // The trigram operator's default threshold (0.6) misses ordinary typos such as 'sunflwer';
      // 0.35 catches them. Comparing the function bypasses the trigram index, which is fine at
      // city scale; at national scale, set pg_trgm.word_similarity_threshold and use <% instead.
      sql<boolean>`(nurseries.search @@ websearch_to_tsquery('english', ${text}::text)
        OR word_similarity(${text}::text, nurseries.name) >= ${sql.lit(TYPO_SIMILARITY)}
        OR word_similarity(${text}::text, nurseries.location) >= ${sql.lit(TYPO_SIMILARITY)})`,
    );
  }
  if (search.specialNeeds !== undefined) query = query.where('nurseries.special_needs_support', '=', search.specialNeeds);
  if (search.ageMax !== undefined) query = query.where('nurseries.age_min', '<=', search.ageMax);
  if (search.ageMin !== undefined) query = query.where('nurseries.age_max', '>=', search.ageMin);
  if (origin && search.withinMiles !== undefined) {
    // A bounding box first, so the position index narrows the rows the haversine runs on.
    const latSpan = search.withinMiles / MILES_PER_DEGREE_LATITUDE;
    const lngSpan = latSpan / Math.max(Math.cos((origin.lat * Math.PI) / 180), 0.01);
    query = query
      .where('nurseries.latitude', '>=', origin.lat - latSpan)
      .where('nurseries.latitude', '<=', origin.lat + latSpan)
      .where('nurseries.longitude', '>=', origin.lng - lngSpan)
      .where('nurseries.longitude', '<=', origin.lng + lngSpan)
      .where(milesFrom(origin), '<=', search.withinMiles);
  }
  return query;
}

/** Relevance first, then distance, then rating (unrated last), then id. */
export function searchNurseries(db: Db, search: NurserySearch, limit: number) {
  return nurseriesMatching(db, search)
    .orderBy('relevance', 'desc')
    .orderBy(sql`miles`, (ob) => ob.asc().nullsLast())
    .orderBy('nurseries.rating', (ob) => ob.desc().nullsLast())
    .orderBy('nurseries.id')
    .limit(limit)
    .execute();
}

/** The order of searchNurseries, as a keyset: its columns depend on the search text and origin. */
function nurseryOrder(search: NurserySearch): Keyset {
  const columns: KeysetColumn[] = [
    { expression: relevanceTo(search.text), type: 'float8', direction: 'desc' },
    ...(search.origin ? [{ expression: milesFrom(search.origin), type: 'float8', direction: 'asc' } as const] : []),
    { expression: sql`coalesce(nurseries.rating, -1)`, type: 'int4', direction: 'desc' },
    { expression: sql.ref('nurseries.id'), type: 'int4', direction: 'asc' },
  ];
  return { list: search.origin ? 'nurseries-by-distance' : 'nurseries', columns };
}

/** A page of the search, in the order of searchNurseries. */
export function pageNurseries(db: Db, search: NurserySearch, page: PageInput) {
  return readPage(nurseriesMatching(db, search), nurseryOrder(search), page);
}
