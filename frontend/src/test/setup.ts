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
  // a returning browser: the API's non-secret session hint beside the refresh cookie (specs of a first
  // visit clear it)
  document.cookie = 'ml_session=1; path=/';
});

afterEach(() => {
  cleanup();
});
