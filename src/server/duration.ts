/** '45 seconds', '1 minute 12 seconds': how long something took, as a person says it. */
export const humanDuration = (ms: number): string => {
  const seconds = Math.max(1, Math.round(ms / 1000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(seconds, 'second');
  const rest = seconds % 60;
  return `${plural(Math.floor(seconds / 60), 'minute')}${rest ? ` ${plural(rest, 'second')}` : ''}`;
};
