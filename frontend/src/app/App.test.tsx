import { render, screen } from '@testing-library/react';
import { App } from './App';

describe('App', () => {
  it('renders the home screen at /', () => {
    window.history.pushState({}, '', '/');
    render(<App />);
    expect(screen.getByRole('heading', { name: 'Mirrorline' })).toBeInTheDocument();
  });

  it('renders the not-found screen for unknown paths', () => {
    window.history.pushState({}, '', '/no/such/page');
    render(<App />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
