import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetAll } from './utils';

beforeEach(() => {
  resetAll();
  window.scrollTo = () => undefined;
  window.confirm = () => true;
});

afterEach(() => {
  cleanup();
});
