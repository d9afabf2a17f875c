// Articles for the Mental Health screen's Resources tab. Original text, written for Nestling.

export interface SeedMentalHealthArticle {
  slug: string;
  title: string;
  category: string;
  author: string;
  /** yyyy-MM-dd */
  date: string;
  excerpt: string;
}

export const mentalHealthArticles: SeedMentalHealthArticle[] = [
  {
    slug: 'when-worry-gets-big',
    title: 'When Worry Gets Big: Anxiety in Young Children',
    category: 'Anxiety',
    author: 'Dr. Nadia Rahman',
    date: '2026-09-14',
    excerpt:
      'Tummy aches before nursery, clinging at the door, endless "what if" questions at bedtime. Here is how to tell everyday nerves from worry that needs more help, and five calm things to try this week.',
  },
  {
    slug: 'looking-after-yourself-after-a-diagnosis',
    title: 'Looking After Yourself After Your Child\'s Diagnosis',
    category: 'Parent Wellbeing',
    author: 'Grace Mwangi',
    date: '2026-08-30',
    excerpt:
      'Relief, grief, guilt and fierce love can all arrive on the same afternoon. A counsellor explains why mixed feelings are normal and how to find the support you need while you learn what your child needs.',
  },
  {
    slug: 'big-feelings-small-bodies',
    title: 'Big Feelings, Small Bodies: Helping Toddlers Name Emotions',
    category: 'Emotional Development',
    author: 'Dr. Yuki Tanaka',
    date: '2026-10-05',
    excerpt:
      'Children who can name a feeling find it easier to ride it out. Simple words, picture cards and a little everyday narration help even very young children move from meltdown to "I am cross".',
  },
  {
    slug: 'what-happens-in-a-developmental-assessment',
    title: 'What Happens in a Developmental Assessment?',
    category: 'Assessment',
    author: 'Dr. Carmen Ibarra',
    date: '2026-07-21',
    excerpt:
      'An assessment is mostly play. This guide walks through a typical appointment, what to bring, the questions you may be asked, and how to prepare your child so the day feels ordinary rather than scary.',
  },
  {
    slug: 'sensory-calm-corners',
    title: 'Building a Calm Corner for a Sensory-Sensitive Child',
    category: 'Sensory Needs',
    author: 'Oliver Haugen',
    date: '2026-10-19',
    excerpt:
      'A quiet corner with soft light, a heavy blanket and a few favourite textures can give an overwhelmed child somewhere safe to reset. Ideas that cost little and fit in a small flat.',
  },
];
