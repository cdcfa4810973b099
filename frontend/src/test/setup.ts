import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetAll } from './utils';

// lazy route chunks are transformed on first use: give slow (shared, 2-core) machines time
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  resetAll();
  window.scrollTo = () => undefined;
  window.confirm = () => true;
});

afterEach(() => {
  cleanup();
});
