import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { restoreSession } from '../lib/auth-session';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import '../styles/global.css';
import '../styles/trading.css';

export function App() {
  // start restoring at once, not only when a protected route mounts: the top bar shows the session too
  useEffect(() => restoreSession(), []);
  return (
    <AppProviders>
      {/* synchronous navigation: leaveThenSwitch() must commit the new page before the session changes */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
