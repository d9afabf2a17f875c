import { supportGroups } from '../../db/seed-data/support-groups';

export interface SupportGroupLink {
  slug: string;
  name: string;
  url: string;
}

function mentions(text: string, phrase: string): boolean {
  return new RegExp(`(?<![a-z])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![a-z])`).test(text);
}

/**
 * The community support group that best fits a topic, or null. A group's first tag names its
 * subject and counts double; a group needs two points, so one passing word such as 'sleep'
 * is not enough. The groups come from the community catalogue; when the community feature
 * stores them in the database, this is the one function to point at it.
 */
export function findSupportGroup(topicText: string): SupportGroupLink | null {
  const text = topicText.toLowerCase();
  let best: { group: (typeof supportGroups)[number]; points: number } | null = null;
  for (const group of supportGroups) {
    const points = group.tags.reduce((sum, tag, index) => sum + (mentions(text, tag) ? (index === 0 ? 2 : 1) : 0), 0);
    if (points >= 2 && (!best || points > best.points)) best = { group, points };
  }
  return best && { slug: best.group.slug, name: best.group.name, url: `/community?group=${best.group.slug}` };
}
