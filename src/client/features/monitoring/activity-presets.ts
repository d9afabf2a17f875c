/** The activity types staff log most, each with words a parent will read if no note is added. */
export const activityPresets = [
  { type: 'arrival', label: 'Arrived', forChild: (name: string) => `${name} arrived and settled in.`, forClass: 'The classroom opened for the day.' },
  { type: 'snack', label: 'Snack', forChild: (name: string) => `${name} had a snack.`, forClass: 'Snack time for the class.' },
  { type: 'play', label: 'Play', forChild: (name: string) => `${name} is playing.`, forClass: 'Free play for the class.' },
  { type: 'art', label: 'Art', forChild: (name: string) => `${name} is making art.`, forClass: 'Art time for the class.' },
  { type: 'learning', label: 'Learning', forChild: (name: string) => `${name} is busy learning.`, forClass: 'Group learning time.' },
  { type: 'nap', label: 'Nap', forChild: (name: string) => `${name} is having a nap.`, forClass: 'Nap time: the room is quiet.' },
  { type: 'departure', label: 'Home time', forChild: (name: string) => `${name} went home.`, forClass: 'The classroom closed for the day.' },
] as const;

export type ActivityPreset = (typeof activityPresets)[number];

/** The description to log: the staff member's note when there is one, else the preset's words. */
export function describeActivity(preset: ActivityPreset, child: { name: string } | null, note: string): string {
  const written = note.trim();
  if (written) return written;
  return child ? preset.forChild(child.name.split(' ')[0] ?? child.name) : preset.forClass;
}
