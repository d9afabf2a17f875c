export interface SupportGroupLink {
  slug: string;
  name: string;
  url: string;
}

function mentions(text: string, phrase: string): boolean {
  return new RegExp(`(?<![a-z])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![a-z])`).test(text);
}

/** What matching needs of a support group, as the database keeps it. */
export interface SupportGroupTags {
  slug: string;
  name: string;
  tags: string[];
}

/**
 * The community support group that best fits a topic, or null. A group's first tag names its
 * subject and counts double; a group needs two points, so one passing word such as 'sleep'
 * is not enough.
 */
export function findSupportGroup(topicText: string, supportGroups: SupportGroupTags[]): SupportGroupLink | null {
  const text = topicText.toLowerCase();
  let best: { group: SupportGroupTags; points: number } | null = null;
  for (const group of supportGroups) {
    const points = group.tags.reduce((sum, tag, index) => sum + (mentions(text, tag) ? (index === 0 ? 2 : 1) : 0), 0);
    if (points >= 2 && (!best || points > best.points)) best = { group, points };
  }
  return best && { slug: best.group.slug, name: best.group.name, url: `/community?group=${best.group.slug}` };
}
