import { render, screen } from '@testing-library/react';
import { version } from 'react';
import useSWR from 'swr';

// adminjs puts React 18 at the repository root; the SPA and its test libraries must all use React 19.
function Probe() {
  const { data } = useSWR('probe', () => 'loaded');
  return <p>{data ?? 'loading'}</p>;
}

describe('React in the SPA tests', () => {
  it('is the SPA’s React 19, shared by SWR and Testing Library', async () => {
    expect(version.startsWith('19.')).toBe(true);
    render(<Probe />);
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });
});
