// Tests only: the npm shim is CommonJS and would require() the root React 18 (see vite.config.ts);
// React 19 has useSyncExternalStore built in, which is all the shim provides.
export { useSyncExternalStore } from 'react';
