import type { ReactNode } from 'react';

export type BadgeTone = 'green' | 'red' | 'amber' | 'blue' | 'grey';

const TONES: Record<string, BadgeTone> = {
  verified: 'green',
  approved: 'green',
  completed: 'green',
  active: 'green',
  open: 'blue',
  closed: 'grey',
  pending: 'amber',
  paused: 'amber',
  stopping: 'amber',
  unverified: 'grey',
  rejected: 'red',
  stopped: 'grey',
  failed: 'red',
  blocked: 'red',
};

export function toneOf(status: string | undefined | null): BadgeTone {
  return TONES[String(status ?? '').toLowerCase()] ?? 'grey';
}

export function Badge({ tone, children }: { tone?: BadgeTone; children: ReactNode }) {
  const t = tone ?? toneOf(typeof children === 'string' ? children : '');
  return <span className={`badge badge--${t}`}>{children}</span>;
}

export function StatusBadge({ status }: { status: string | null | undefined }) {
  const label = status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown';
  return <Badge tone={toneOf(status)}>{label}</Badge>;
}
