import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetAll } from './utils';

// lazy route chunks are transformed on first use: give slow (shared, 2-core) machines time
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  resetAll();
  window.scrollTo = () => undefined;
  window.confirm = () => true;
  // a returning browser: the API's non-secret session hint beside the refresh cookie (specs of a first
  // visit clear it)
  document.cookie = 'ml_session=1; path=/';
});

afterEach(() => {
  cleanup();
});

// lightweight-charts draws on a canvas jsdom has not: the specs see the candles and points it was given instead
// (the browser specs draw the real charts). Here, once for every spec file: the files share their modules
// (vite.config.ts, isolate: false), so a file's own vi.mock of a module another file already loaded would not apply.
vi.mock('../components/market/candle-chart', () => ({
  default: ({ candles, label, levels }: { candles: { time: number; close: number }[]; label: string; levels?: { kind: string; price: number }[] }) =>
    createElement('div', {
      role: 'figure',
      'aria-label': label,
      'data-candles': candles.length,
      'data-last-close': candles[candles.length - 1]?.close ?? '',
      'data-levels': (levels ?? []).map((l) => `${l.kind}:${l.price}`).join('|'),
    }),
}));
vi.mock('../components/charts/series-chart', () => ({
  default: ({ points, label, unit, prefix, markers }: { points: { time: number; value: number }[]; label: string; unit?: string; prefix?: string; markers?: { text: string }[] }) =>
    createElement('div', {
      role: 'figure',
      'aria-label': label,
      'data-points': points.length,
      'data-last': points[points.length - 1]?.value ?? '',
      'data-unit': unit ?? '',
      'data-prefix': prefix ?? '',
      'data-markers': (markers ?? []).map((m) => m.text).join('|'),
    }),
}));
