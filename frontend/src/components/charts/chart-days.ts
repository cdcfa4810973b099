/** A UTC day ("2026-11-27") as the chart's time (seconds), and back: the daily charts' x axis. */
export const daySeconds = (day: string): number => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000);
export const dayLabel = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 10);
