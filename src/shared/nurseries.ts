/** '0.4 miles', '1 mile', '12.5 miles': one decimal, dropped when whole. */
export function formatMiles(miles: number): string {
  const rounded = Math.round(miles * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'mile' : 'miles'}`;
}
