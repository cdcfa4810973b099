import type { MarketSession } from './instrument';

/**
 * Trading sessions of product.md §9.1, in UTC, holidays ignored:
 * - crypto: always open;
 * - forex: Sunday 22:00 → Friday 22:00 (closed Friday 22:00 → Sunday 22:00);
 * - stocks: Monday–Friday 14:30–21:00.
 * Pure functions of a time: callers pass the injectable Clock's `now()`.
 */
const MINUTE = 60_000;
const DAY = 86_400_000;
const WEEK = 7 * DAY;
// Minutes since Sunday 00:00 UTC.
const FOREX_OPEN = 22 * 60; // Sunday 22:00
const FOREX_CLOSE = 5 * 1440 + 22 * 60; // Friday 22:00
const STOCKS_OPEN = 14 * 60 + 30;
const STOCKS_CLOSE = 21 * 60;

function minuteOfWeek(at: Date): number {
  return at.getUTCDay() * 1440 + at.getUTCHours() * 60 + at.getUTCMinutes();
}

export function isSessionOpen(session: MarketSession, at: Date): boolean {
  switch (session) {
    case 'crypto':
      return true;
    case 'forex': {
      const m = minuteOfWeek(at);
      return m >= FOREX_OPEN && m < FOREX_CLOSE;
    }
    case 'stocks': {
      const day = at.getUTCDay();
      if (day === 0 || day === 6) return false;
      const m = at.getUTCHours() * 60 + at.getUTCMinutes();
      return m >= STOCKS_OPEN && m < STOCKS_CLOSE;
    }
  }
}

/** Opening times within the week (minutes since Sunday 00:00 UTC) and the length of each session. */
function openings(session: MarketSession): Array<{ start: number; length: number }> {
  if (session === 'forex') return [{ start: FOREX_OPEN, length: FOREX_CLOSE - FOREX_OPEN }];
  if (session === 'stocks') return [1, 2, 3, 4, 5].map((d) => ({ start: d * 1440 + STOCKS_OPEN, length: STOCKS_CLOSE - STOCKS_OPEN }));
  return [];
}

function startOfWeek(at: Date): number {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return day - at.getUTCDay() * DAY;
}

/** When the session next opens after `at` (null for crypto, which never closes; `at` itself excluded). */
export function nextSessionOpen(session: MarketSession, at: Date): Date | null {
  if (session === 'crypto') return null;
  const week = startOfWeek(at);
  for (const offset of [0, WEEK]) {
    for (const { start } of openings(session)) {
      const t = week + offset + start * MINUTE;
      if (t > at.getTime()) return new Date(t);
    }
  }
  return null;
}

/** When the session next closes after `at` (null for crypto). */
export function nextSessionClose(session: MarketSession, at: Date): Date | null {
  if (session === 'crypto') return null;
  const week = startOfWeek(at);
  for (const offset of [0, WEEK]) {
    for (const { start, length } of openings(session)) {
      const t = week + offset + (start + length) * MINUTE;
      if (t > at.getTime()) return new Date(t);
    }
  }
  return null;
}
