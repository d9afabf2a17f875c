// Built-in mental health catalogue. Prices are whole dollars (product requirement; do not change).

export interface MentalHealthServiceOption {
  id: string;
  name: string;
  priceDollars: number;
}

export interface MentalHealthService {
  id: string;
  title: string;
  description: string;
  options: MentalHealthServiceOption[];
}

export interface Specialist {
  slug: string;
  name: string;
  specialty: string;
  qualifications: string;
  experience: string;
  languages: string[];
  bio: string;
  image: string;
}

export interface SpecialistSessionType {
  id: string;
  name: string;
  minutes: number;
  priceDollars: number;
}

export interface PreferredTimeWindow {
  id: string;
  label: string;
}

export const mentalHealthServices: MentalHealthService[] = [
  {
    id: 'iq-test',
    title: 'IQ Test',
    description:
      'A child-friendly cognitive assessment that highlights your child\'s strengths and the areas where extra support could help.',
    options: [
      { id: 'online', name: 'Online assessment', priceDollars: 45 },
      { id: 'in-person', name: 'In-person assessment', priceDollars: 85 },
    ],
  },
  {
    id: 'counseling',
    title: 'Counseling',
    description:
      'Confidential conversations with a qualified counsellor to help parents talk through worries, big changes and day-to-day stress.',
    options: [
      { id: 'virtual-60', name: 'Virtual session (60 minutes)', priceDollars: 60 },
      { id: 'clinic-90', name: 'Clinic session (90 minutes)', priceDollars: 95 },
    ],
  },
  {
    id: 'guidance',
    title: 'Guidance',
    description:
      'Practical advice on behaviour, sleep and development, from free parent guides to one-to-one time with an expert.',
    options: [
      { id: 'resource-library', name: 'Resource library', priceDollars: 0 },
      { id: 'expert-consultation', name: 'Expert consultation', priceDollars: 50 },
    ],
  },
  {
    id: 'trauma',
    title: 'Trauma Support',
    description:
      'Gentle, trauma-informed support for children and families recovering from frightening or overwhelming experiences.',
    options: [
      { id: 'support-group', name: 'Support group', priceDollars: 25 },
      { id: 'individual', name: 'Individual session', priceDollars: 75 },
    ],
  },
  {
    id: 'assessment',
    title: 'Developmental Assessment',
    description:
      'A play-based review of your child\'s communication, movement, social and learning skills, with clear next steps.',
    options: [
      { id: 'screening', name: 'Screening', priceDollars: 40 },
      { id: 'comprehensive', name: 'Comprehensive assessment', priceDollars: 120 },
    ],
  },
];

export const specialists: Specialist[] = [
  {
    slug: 'dr-nadia-rahman',
    name: 'Dr. Nadia Rahman',
    specialty: 'Child Psychologist',
    qualifications: 'PhD in Clinical Child Psychology, licensed psychologist',
    experience: '12 years',
    languages: ['English', 'Bengali'],
    bio: 'Dr. Rahman helps families understand their child\'s emotions and behaviour through play-based assessment and warm, practical guidance. She has a particular interest in anxiety and early autism assessment.',
    image: '/images/avatars/specialist-1.svg',
  },
  {
    slug: 'samuel-achterberg',
    name: 'Samuel Achterberg',
    specialty: 'Speech and Language Therapist',
    qualifications: 'MSc in Speech and Language Therapy, certified clinician',
    experience: '9 years',
    languages: ['English', 'Dutch'],
    bio: 'Samuel works with late talkers, children who stammer and those who use alternative communication. His sessions are full of games, songs and ideas parents can use at home straight away.',
    image: '/images/avatars/specialist-2.svg',
  },
  {
    slug: 'dr-carmen-ibarra',
    name: 'Dr. Carmen Ibarra',
    specialty: 'Developmental Paediatrician',
    qualifications: 'MD, board certified in developmental and behavioural paediatrics',
    experience: '15 years',
    languages: ['English', 'Spanish'],
    bio: 'Dr. Ibarra specialises in developmental delays, ADHD and complex needs in early childhood. Parents value her clear explanations and the time she takes to answer every question.',
    image: '/images/avatars/specialist-3.svg',
  },
  {
    slug: 'grace-mwangi',
    name: 'Grace Mwangi',
    specialty: 'Family Counsellor',
    qualifications: 'MA in Counselling Psychology, accredited family therapist',
    experience: '8 years',
    languages: ['English', 'Swahili'],
    bio: 'Grace supports parents through the emotional ups and downs of raising a young child, including after a new diagnosis. Her approach is calm, non-judgemental and focused on small, doable changes.',
    image: '/images/avatars/specialist-1.svg',
  },
  {
    slug: 'oliver-haugen',
    name: 'Oliver Haugen',
    specialty: 'Paediatric Occupational Therapist',
    qualifications: 'MSc in Occupational Therapy, sensory integration certified',
    experience: '6 years',
    languages: ['English', 'Norwegian'],
    bio: 'Oliver helps children with sensory processing differences and fine motor challenges feel more comfortable and confident. He loves building simple sensory routines that fit into busy family life.',
    image: '/images/avatars/specialist-2.svg',
  },
  {
    slug: 'dr-yuki-tanaka',
    name: 'Dr. Yuki Tanaka',
    specialty: 'Trauma-Informed Child Therapist',
    qualifications: 'PsyD, certified in child-parent psychotherapy',
    experience: '11 years',
    languages: ['English', 'Japanese'],
    bio: 'Dr. Tanaka supports young children and their caregivers after difficult experiences such as hospital stays, loss or family upheaval. She uses play, stories and gentle routines to help children feel safe again.',
    image: '/images/avatars/specialist-3.svg',
  },
];

export const specialistSessionTypes: SpecialistSessionType[] = [
  { id: 'initial', name: 'Initial consultation', minutes: 45, priceDollars: 75 },
  { id: 'follow-up', name: 'Follow-up session', minutes: 60, priceDollars: 90 },
  { id: 'extended', name: 'Extended session', minutes: 90, priceDollars: 120 },
];

export const preferredTimeWindows: PreferredTimeWindow[] = [
  { id: 'morning', label: 'Morning (9AM-12PM)' },
  { id: 'afternoon', label: 'Afternoon (1PM-4PM)' },
  { id: 'evening', label: 'Evening (5PM-7PM)' },
];
