import type { SeedActivity, SeedChild } from './types.js';

// Demo parent: Sarah Thompson. Her children attend Little Acorns Nursery (n01).
// Ages are relative to 2026-11-21: Maya 4, Leo 3, Nora 2.
export const demoChildren: SeedChild[] = [
  {
    name: 'Maya Thompson',
    dateOfBirth: '2022-09-14',
    profileImage: '/images/avatars/child-1.svg',
    status: 'online',
    currentActivity: 'Painting with watercolours',
    specialNeeds: false,
    specialNeedsDetails: null,
    pronouns: 'she',
    classroomKey: 'c3b',
  },
  {
    name: 'Leo Thompson',
    dateOfBirth: '2023-06-02',
    profileImage: '/images/avatars/child-2.svg',
    status: 'nap',
    currentActivity: 'Afternoon nap',
    specialNeeds: true,
    specialNeedsDetails:
      'Leo is autistic and has sensory sensitivities, especially to loud or sudden noises. He uses picture cards to share what he needs and settles best with a predictable routine, a quiet corner and his ear defenders close by.',
    pronouns: 'he',
    classroomKey: 'c3b',
  },
  {
    name: 'Nora Thompson',
    dateOfBirth: '2024-08-19',
    profileImage: '/images/avatars/child-3.svg',
    status: 'offline',
    currentActivity: null,
    specialNeeds: false,
    specialNeedsDetails: null,
    pronouns: null,
    classroomKey: 'c3a',
  },
];

// Second family: Daniel Osei. His children attend Sunflower Day Nursery (n02).
export const secondFamilyChildren: SeedChild[] = [
  {
    name: 'Kofi Osei',
    dateOfBirth: '2022-03-08',
    profileImage: '/images/avatars/child-2.svg',
    status: 'online',
    currentActivity: 'Building a den from big cardboard boxes',
    specialNeeds: true,
    specialNeedsDetails:
      'Kofi has a speech and language delay. He understands a lot and responds well to simple signs, short phrases and a little extra time to answer.',
    pronouns: 'he',
    classroomKey: 'c-n02-sun',
  },
  {
    name: 'Efua Osei',
    dateOfBirth: '2024-01-27',
    profileImage: null,
    status: 'nap',
    currentActivity: 'Afternoon nap',
    specialNeeds: false,
    specialNeedsDetails: null,
    pronouns: null,
    classroomKey: 'c-n02-sun',
  },
];

// Today's activity feed for the demo family. childIndex points into demoChildren
// (0 Maya, 1 Leo, 2 Nora); null means a class-wide entry.
export const demoActivities: SeedActivity[] = [
  {
    cameraId: 'classroom-3b',
    childIndex: null,
    type: 'arrival',
    description: 'Classroom 3B opened for the day. Children hung up their coats and chose a book for the welcome corner.',
    minutesAgo: 415,
  },
  {
    cameraId: 'classroom-3b',
    childIndex: 0,
    type: 'arrival',
    description: 'Maya arrived with a big smile and went straight to help feed the class goldfish.',
    minutesAgo: 405,
  },
  {
    cameraId: 'classroom-3b',
    childIndex: 1,
    type: 'arrival',
    description: 'Leo arrived calmly, checked his picture schedule with his key person and chose the sand tray to start his day.',
    minutesAgo: 400,
  },
  {
    cameraId: 'classroom-3a',
    childIndex: 2,
    type: 'arrival',
    description: 'Nora gave a cheerful wave at the door and settled in straight away with the wooden train set.',
    minutesAgo: 395,
  },
  {
    cameraId: 'classroom-3b',
    childIndex: null,
    type: 'snack',
    description: 'Morning snack of apple slices, cheese cubes and oatcakes, with water or milk to drink.',
    minutesAgo: 330,
  },
  {
    cameraId: 'classroom-3b',
    childIndex: 1,
    type: 'play',
    description: 'Leo built a tall tower of soft blocks with a friend and counted every block out loud.',
    minutesAgo: 300,
  },
  {
    cameraId: 'classroom-3b-garden',
    childIndex: 0,
    type: 'play',
    description: 'Maya zoomed around the garden scooter track and stopped to help a younger friend with her helmet.',
    minutesAgo: 270,
  },
  {
    cameraId: 'classroom-3b-garden',
    childIndex: null,
    type: 'learning',
    description: 'Garden nature hunt: the group gathered conkers, pine cones and leaves, then sorted them by colour and size.',
    minutesAgo: 245,
  },
  {
    cameraId: 'classroom-3a',
    childIndex: 2,
    type: 'learning',
    description: 'Nora matched animal pictures to their sounds and gave the loudest roar of the morning for the lion.',
    minutesAgo: 220,
  },
  {
    cameraId: 'classroom-3b',
    childIndex: null,
    type: 'snack',
    description: 'Lunch was a vegetable pasta bake with peas, followed by yoghurt and blueberries.',
    minutesAgo: 190,
  },
  {
    cameraId: 'classroom-3b',
    childIndex: 1,
    type: 'learning',
    description: 'Leo used his picture cards to ask for more peas at lunch, all by himself. A lovely step forward!',
    minutesAgo: 185,
  },
  {
    cameraId: 'classroom-3a',
    childIndex: 2,
    type: 'departure',
    description: 'Nora was collected after lunch by her grandad, happily clutching the leaf crown she made this morning.',
    minutesAgo: 150,
  },
  {
    cameraId: 'classroom-3b',
    childIndex: 1,
    type: 'nap',
    description: 'Leo settled down for his afternoon nap in the quiet room with his soft blanket and gentle rain sounds.',
    minutesAgo: 95,
  },
  {
    cameraId: 'classroom-3b',
    childIndex: null,
    type: 'art',
    description: 'The watercolour table is ready for the afternoon art session, with leaf prints, big brushes and aprons for everyone.',
    minutesAgo: 50,
  },
  {
    cameraId: 'classroom-3b',
    childIndex: 0,
    type: 'art',
    description: 'Maya joined the group painting autumn leaves and mixed her very own shade of sunset orange.',
    minutesAgo: 40,
  },
  {
    cameraId: 'classroom-3b',
    childIndex: 0,
    type: 'art',
    description: 'Maya is painting with watercolours: a bright red fox curled up under a golden tree.',
    minutesAgo: 3,
  },
];

// Today's activity feed for the second family. childIndex points into secondFamilyChildren
// (0 Kofi, 1 Efua); null means a class-wide entry.
export const secondFamilyActivities: SeedActivity[] = [
  {
    cameraId: 'sunshine-room',
    childIndex: 0,
    type: 'arrival',
    description: 'Kofi arrived with his dad and proudly showed everyone the toy digger he brought for show and tell.',
    minutesAgo: 390,
  },
  {
    cameraId: 'sunshine-room',
    childIndex: null,
    type: 'snack',
    description: 'Sunshine Room snack time: banana, rice cakes and cucumber sticks, with a song to wash our hands first.',
    minutesAgo: 320,
  },
  {
    cameraId: 'sunshine-room',
    childIndex: 1,
    type: 'nap',
    description: 'Efua drifted off for her afternoon nap cuddling her favourite knitted rabbit.',
    minutesAgo: 80,
  },
  {
    cameraId: 'sunshine-room',
    childIndex: 0,
    type: 'play',
    description: 'Kofi is building a den from big cardboard boxes with two friends and signed "more" to ask for extra blankets.',
    minutesAgo: 12,
  },
];
