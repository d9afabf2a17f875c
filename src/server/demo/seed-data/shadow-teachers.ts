import type { SeedShadowTeacher } from './types.js';

/** Hourly start times from `first` to `last` inclusive, e.g. hourly(9, 11) -> ["09:00", "10:00", "11:00"]. */
function hourly(first: number, last: number): string[] {
  const slots: string[] = [];
  for (let hour = first; hour <= last; hour += 1) {
    slots.push(`${String(hour).padStart(2, '0')}:00`);
  }
  return slots;
}

// Shadow teachers: support staff who accompany a child with special needs at nursery or at home.
export const shadowTeachers: SeedShadowTeacher[] = [
  {
    name: 'Amara Okafor',
    profileImage: '/images/avatars/teacher-1.svg',
    location: 'Northfield, Maplebrook',
    specialization: ['ASD', 'Language Delays'],
    bio: 'Amara has spent eight years helping autistic children feel settled and understood in busy classrooms. She uses visual supports and plenty of patience, and she keeps parents in the loop with a short note after every session.',
    experience: 8,
    hourlyRateCents: 4800,
    rating: 48,
    availability: [
      {
        days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        timeSlots: hourly(9, 14),
      },
    ],
  },
  {
    name: 'Diego Ramírez',
    profileImage: '/images/avatars/teacher-2.svg',
    location: 'Riverside, Maplebrook',
    specialization: ['ADHD', 'Developmental Delays'],
    bio: 'Diego turns transitions into games and breaks big tasks into small, winnable steps. He is bilingual in English and Spanish and loves outdoor learning.',
    experience: 5,
    hourlyRateCents: 3800,
    rating: 44,
    availability: [
      { days: ['Monday', 'Wednesday', 'Friday'], timeSlots: hourly(8, 12) },
      { days: ['Saturday'], timeSlots: hourly(9, 12) },
    ],
  },
  {
    name: 'Mei Lin Chen',
    profileImage: null,
    location: 'Cedar Hill, Maplebrook',
    specialization: ['Motor Skill Delays', 'Physical Disabilities'],
    bio: 'A former paediatric physiotherapy assistant, Mei Lin weaves movement goals into everyday play, from climbing frames to snack time. She works closely with families and therapists so that the same strategies carry on at home.',
    experience: 11,
    hourlyRateCents: 5800,
    rating: 49,
    availability: [{ days: ['Tuesday', 'Thursday'], timeSlots: hourly(10, 16) }],
  },
  {
    name: 'Fatima Al-Sayed',
    profileImage: '/images/avatars/teacher-3.svg',
    location: 'Eastgate, Maplebrook',
    specialization: ['ASD', 'ADHD'],
    bio: 'Fatima brings calm energy and a pocketful of sensory strategies to every session. She is especially good at helping children join group play at their own pace.',
    experience: 3,
    hourlyRateCents: 3200,
    rating: 41,
    availability: [
      { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'], timeSlots: hourly(8, 13) },
    ],
  },
  {
    name: 'Jonah Whitfield',
    profileImage: '/images/avatars/teacher-4.svg',
    location: 'Old Town, Maplebrook',
    specialization: ['Physical Disabilities'],
    bio: 'Jonah has fourteen years of experience supporting children who use wheelchairs, walkers and other mobility aids. He is trained in safe moving and handling and is known for his gentle humour.',
    experience: 14,
    hourlyRateCents: 6500,
    rating: 47,
    availability: [
      {
        days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        timeSlots: hourly(12, 16),
      },
    ],
  },
  {
    name: 'Priya Raman',
    profileImage: null,
    location: 'Willow Park, Maplebrook',
    specialization: ['Language Delays', 'Developmental Delays'],
    bio: 'Priya models language through songs, signing and simple choices, helping late talkers find their voice. She speaks English and Tamil and has a background in early years teaching.',
    experience: 6,
    hourlyRateCents: 4200,
    rating: 45,
    availability: [
      { days: ['Wednesday', 'Thursday', 'Friday'], timeSlots: hourly(9, 15) },
      { days: ['Saturday'], timeSlots: hourly(10, 13) },
    ],
  },
  {
    name: 'Kwame Asante',
    profileImage: '/images/avatars/teacher-5.svg',
    location: 'Harbour View, Maplebrook',
    specialization: ['ADHD', 'Motor Skill Delays'],
    bio: 'Kwame is newly qualified and full of ideas for active, hands-on learning. He uses movement breaks and obstacle courses to help children focus and build coordination.',
    experience: 2,
    hourlyRateCents: 2700,
    rating: 38,
    availability: [{ days: ['Monday', 'Tuesday'], timeSlots: hourly(13, 16) }],
  },
  {
    name: 'Sofia Novak',
    profileImage: '/images/avatars/teacher-6.svg',
    location: 'Millbrook Green, Maplebrook',
    specialization: ['ASD', 'Developmental Delays', 'Language Delays'],
    bio: 'Sofia has supported children in nurseries across Maplebrook for nine years. She builds predictable routines with picture schedules and celebrates every small step forward.',
    experience: 9,
    hourlyRateCents: 5200,
    rating: 46,
    availability: [
      {
        days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        timeSlots: hourly(8, 12),
      },
    ],
  },
  {
    name: 'Hana Yoshida',
    profileImage: null,
    location: 'Northfield, Maplebrook',
    specialization: ['Motor Skill Delays', 'Developmental Delays'],
    bio: 'Hana loves messy play, threading and play dough as ways to strengthen little hands. She offers weekend sessions for families who want extra support at home.',
    experience: 4,
    hourlyRateCents: 3500,
    rating: 40,
    availability: [
      { days: ['Tuesday', 'Thursday', 'Saturday'], timeSlots: hourly(9, 14) },
    ],
  },
  {
    name: 'Marcus Bell',
    profileImage: '/images/avatars/teacher-1.svg',
    location: 'Riverside, Maplebrook',
    specialization: ['Physical Disabilities', 'ASD'],
    bio: 'Marcus combines practical care skills with a deep understanding of autism. He is steady, reliable and great at helping children manage noisy or crowded spaces.',
    experience: 7,
    hourlyRateCents: 4600,
    rating: 43,
    availability: [
      { days: ['Monday', 'Wednesday'], timeSlots: hourly(8, 11) },
      { days: ['Friday'], timeSlots: hourly(13, 16) },
    ],
  },
  {
    name: 'Leila Haddad',
    profileImage: null,
    location: 'Cedar Hill, Maplebrook',
    specialization: ['ADHD', 'Language Delays'],
    bio: 'Leila is in her first year as a shadow teacher after several years as a nursery practitioner. She is warm, upbeat and fluent in English, French and Arabic.',
    experience: 1,
    hourlyRateCents: 2500,
    rating: 35,
    availability: [
      {
        days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        timeSlots: hourly(14, 16),
      },
    ],
  },
  {
    name: 'Tomasz Kowalski',
    profileImage: '/images/avatars/teacher-2.svg',
    location: 'Eastgate, Maplebrook',
    specialization: ['Developmental Delays', 'Physical Disabilities'],
    bio: 'Tomasz has twelve years of experience supporting children with complex needs, including those who use feeding tubes or communication devices. Families value his calm, thorough approach and clear daily notes. He also mentors newer support staff.',
    experience: 12,
    hourlyRateCents: 6000,
    rating: 50,
    availability: [
      { days: ['Tuesday', 'Wednesday', 'Thursday'], timeSlots: hourly(9, 15) },
    ],
  },
  {
    name: 'Ngozi Eze',
    profileImage: null,
    location: 'Harbour View, Maplebrook',
    specialization: ['ASD'],
    bio: 'Ngozi specialises in supporting autistic children through sensory-friendly routines and gentle, child-led play. She has ten years of classroom experience and a soft spot for story time.',
    experience: 10,
    hourlyRateCents: 5400,
    rating: 47,
    availability: [
      { days: ['Monday', 'Thursday', 'Friday'], timeSlots: hourly(10, 15) },
    ],
  },
  {
    name: 'Aroha Ngata',
    profileImage: '/images/avatars/teacher-3.svg',
    location: 'Willow Park, Maplebrook',
    specialization: ['Motor Skill Delays', 'ADHD'],
    bio: 'Aroha brings a love of music and movement to her work, using rhythm and dance to help children with coordination and focus. She is patient, playful and great with siblings too.',
    experience: 5,
    hourlyRateCents: 4000,
    rating: 42,
    availability: [{ days: ['Wednesday', 'Friday'], timeSlots: hourly(8, 13) }],
  },
];
