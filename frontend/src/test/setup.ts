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

// lightweight-charts draws on a canvas jsdom has not: the specs see the candles it was given instead
// (the browser specs draw the real chart)
vi.mock('../components/market/candle-chart', () => ({
  default: ({ candles, label }: { candles: { time: number; close: number }[]; label: string }) =>
    createElement('div', { role: 'img', 'aria-label': label, 'data-candles': candles.length, 'data-last-close': candles[candles.length - 1]?.close ?? '' }),
}));
