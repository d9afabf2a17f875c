import type { SeedSupportGroup } from './types.js';

// Parent support groups. Each has 4-6 lowercase tags; the UI shows three and a "+N more" chip.
export const supportGroups: SeedSupportGroup[] = [
  {
    slug: 'autism-parent-circle',
    name: 'Autism Parent Circle',
    description:
      'A friendly space for parents of autistic children to swap everyday strategies, celebrate wins and find people who truly get it.',
    image: '/images/groups/autism-parent-circle.svg',
    tags: ['autism', 'asd', 'routines', 'sensory', 'diagnosis journey'],
  },
  {
    slug: 'adhd-families',
    name: 'ADHD Families',
    description:
      'Practical, judgement-free support for families of energetic, curious little ones with ADHD or suspected ADHD. Share what works for mornings, mealtimes and bedtimes.',
    image: '/images/groups/adhd-families.svg',
    tags: ['adhd', 'attention', 'behaviour', 'sleep'],
  },
  {
    slug: 'speech-and-language-support',
    name: 'Speech and Language Support',
    description:
      'For parents of late talkers and children with speech or language needs. Members share games, signing tips and experiences with therapy.',
    image: '/images/groups/speech-and-language-support.svg',
    tags: ['speech', 'language delays', 'late talkers', 'signing', 'therapy', 'communication'],
  },
  {
    slug: 'sensory-processing-network',
    name: 'Sensory Processing Network',
    description:
      'Ideas and encouragement for families navigating sensory sensitivities, from noisy playgrounds to scratchy clothes and picky eating.',
    image: '/images/groups/sensory-processing-network.svg',
    tags: ['sensory', 'occupational therapy', 'calming', 'textures', 'sensory diet'],
  },
  {
    slug: 'parent-wellbeing-circle',
    name: 'Parent Wellbeing Circle',
    description:
      'Caring for a young child is a lot. This circle is about looking after you, with gentle check-ins, rest ideas and honest conversation.',
    image: '/images/groups/parent-wellbeing-circle.svg',
    tags: ['wellbeing', 'self-care', 'stress', 'mindfulness'],
  },
];
