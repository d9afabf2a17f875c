// Shapes of the demo data. The seed turns these into rows; ids are assigned by the database.

export interface SeedNursery {
  /** Stable key other seed rows refer to. */
  key: string;
  name: string;
  /** Path under the client's public folder, e.g. /images/nurseries/garden.svg */
  image: string;
  /** 0-50 (shown as value / 10), or null when not yet rated. */
  rating: number | null;
  /** Street address and neighbourhood, e.g. "14 Willow Lane, Northfield, Maplebrook". */
  location: string;
  latitude: number;
  longitude: number;
  /** Ages accepted, in years. */
  ageMin: number;
  ageMax: number;
  /** Display labels, e.g. ["Infants", "Toddlers", "Preschool"]. */
  ageGroups: string[];
  /** e.g. ["Outdoor play area", "Sensory room", "Meals included"]. */
  facilities: string[];
  specialNeedsSupport: boolean;
}

export interface SeedClassroom {
  key: string;
  nurseryKey: string;
  name: string;
  /** streamSource: an RTSP address or demo:testsrc (ffmpeg's generated test pattern); absent, the placeholder shows. */
  cameras: { id: string; name: string; streamSource?: string }[];
}

export interface SeedProduct {
  name: string;
  description: string;
  image: string;
  priceCents: number;
  originalPriceCents: number | null;
  badge: { type: 'new' | 'sale' | 'popular' | 'bestseller'; text: string } | null;
}

export type Weekday =
  | 'Monday'
  | 'Tuesday'
  | 'Wednesday'
  | 'Thursday'
  | 'Friday'
  | 'Saturday'
  | 'Sunday';

export interface SeedShadowTeacher {
  name: string;
  profileImage: string | null;
  location: string;
  /** Values from: ASD, ADHD, Language Delays, Motor Skill Delays, Physical Disabilities, Developmental Delays. */
  specialization: string[];
  bio: string;
  experience: number;
  hourlyRateCents: number;
  /** 0-50 */
  rating: number;
  /** timeSlots are "HH:mm" 24-hour start times on the hour or half hour, ascending. */
  availability: { days: Weekday[]; timeSlots: string[] }[];
}

export interface SeedChild {
  name: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
  profileImage: string | null;
  status: 'online' | 'nap' | 'offline';
  currentActivity: string | null;
  specialNeeds: boolean;
  specialNeedsDetails: string | null;
  /** Null when the family gave none. */
  pronouns: 'she' | 'he' | 'they' | null;
  classroomKey: string;
}

export interface SeedActivity {
  /** Camera id the activity was logged against. */
  cameraId: string;
  /** Index into the family's children, or null for a class-wide activity. */
  childIndex: number | null;
  type: string;
  description: string;
  /** Minutes before the seed runs. */
  minutesAgo: number;
}

export interface SeedSupportGroup {
  slug: string;
  name: string;
  description: string;
  image: string;
  tags: string[];
}
