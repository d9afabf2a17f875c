// Sample community posts and comments by the demo accounts. Original text, written for Nestling.

export type DemoAuthor = 'parent' | 'secondParent';

export interface SeedPost {
  author: DemoAuthor;
  title: string;
  content: string;
  tags: string[];
  /** A support group slug (the author is a member), or null for the general feed. */
  groupSlug: string | null;
  /** Hours before the seed runs. */
  hoursAgo: number;
  likedBy: DemoAuthor[];
  comments: { author: DemoAuthor; content: string; hoursAgo: number }[];
}

/** Who belongs to which support group (by slug). */
export const seedMemberships: Record<DemoAuthor, string[]> = {
  parent: ['autism-parent-circle', 'sensory-processing-network', 'parent-wellbeing-circle'],
  secondParent: ['speech-and-language-support', 'parent-wellbeing-circle'],
};

/** Oldest first. */
export const seedPosts: SeedPost[] = [
  {
    author: 'parent',
    title: 'A picture timetable that finally worked for our mornings',
    content:
      'After weeks of morning battles we stuck five photo cards on the fridge: toilet, clothes, breakfast, teeth, shoes. Leo moves a peg along as he goes. Mornings are not perfect, but the shouting has mostly stopped. Happy to share the template if anyone wants it.',
    tags: ['routines', 'autism', 'visual supports'],
    groupSlug: 'autism-parent-circle',
    hoursAgo: 52,
    likedBy: ['secondParent'],
    comments: [
      { author: 'secondParent', content: 'Yes please! We use pictures at bedtime but never thought of mornings.', hoursAgo: 50 },
      { author: 'parent', content: 'I will post it here tonight once the little ones are asleep.', hoursAgo: 49 },
    ],
  },
  {
    author: 'parent',
    title: 'Tips for a first haircut with a sensory-sensitive toddler?',
    content:
      'Leo hates anything touching his head, and the buzz of clippers sends him under the table. We have a quiet barber booked for next month. Has anything helped yours: ear defenders, a favourite video, cutting at home while they sleep?',
    tags: ['sensory', 'haircuts', 'toddlers'],
    groupSlug: 'sensory-processing-network',
    hoursAgo: 20,
    likedBy: [],
    comments: [
      { author: 'secondParent', content: 'Scissors instead of clippers made a huge difference for us, plus a sticker at the end.', hoursAgo: 18 },
    ],
  },
  {
    author: 'secondParent',
    title: 'Five minutes for me',
    content:
      'Small win to share: I have started taking five minutes with a cup of tea in the garden before the evening routine. It sounds tiny, but I come back in calmer and bedtime goes better for everyone.',
    tags: ['self-care', 'wellbeing'],
    groupSlug: 'parent-wellbeing-circle',
    hoursAgo: 6,
    likedBy: ['parent'],
    comments: [],
  },
  {
    author: 'secondParent',
    title: 'Our speech therapy milestone',
    content:
      'Kofi said "more juice please" at breakfast today, three words together for the first time. Eight months of weekly sessions and a lot of singing in the car. To anyone at the start of this road: it does come.',
    tags: ['speech', 'milestones', 'celebration'],
    groupSlug: 'speech-and-language-support',
    hoursAgo: 2,
    likedBy: ['parent', 'secondParent'],
    comments: [{ author: 'parent', content: 'That is wonderful news. Well done, Kofi!', hoursAgo: 1 }],
  },
];
