import type { StreamStatus } from '../../lib/market-stream';

/** "Live" or "Reconnecting…": a reader must never take paused numbers for live ones. */
export function LiveStatus({ status }: { status: StreamStatus }) {
  return (
    <span className={`live-badge live-badge--${status}`} role="status">
      {status === 'live' ? '● Live' : status === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
    </span>
  );
}
