import type { SeedClassroom } from './types.js';

// Classrooms with live cameras. Camera ids are lowercase words joined by hyphens.
export const classrooms: SeedClassroom[] = [
  {
    key: 'c3a',
    nurseryKey: 'n01',
    name: 'Classroom 3A',
    cameras: [{ id: 'classroom-3a', name: 'Classroom 3A - Main View' }],
  },
  {
    key: 'c3b',
    nurseryKey: 'n01',
    name: 'Classroom 3B',
    cameras: [
      { id: 'classroom-3b', name: 'Classroom 3B - Main View', streamSource: 'demo:testsrc' },
      { id: 'classroom-3b-garden', name: 'Classroom 3B - Garden View' },
    ],
  },
  {
    key: 'c-n02-sun',
    nurseryKey: 'n02',
    name: 'Sunshine Room',
    cameras: [{ id: 'sunshine-room', name: 'Sunshine Room - Main View' }],
  },
];
