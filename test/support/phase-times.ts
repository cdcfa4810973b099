/**
 * Where a database spec file's time goes (docs/testing.md, "Where the time goes"): the harness adds the wall time and
 * this process's CPU time (user + system) of each app it makes — the database copy, the boot (Nest modules,
 * MikroORM, the app's start-up work), and the close with the drop — and the spec groups report them per spec file
 * next to the file's own wall and CPU time. PostgreSQL's own CPU is not in these figures (another process).
 */
export type Phase = 'database' | 'boot' | 'close';
export interface PhaseTime {
  wallMs: number;
  cpuMs: number;
  count: number;
}

const totals = new Map<Phase, PhaseTime>();

export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Runs `work` and adds its wall and CPU time to `phase`. */
export async function timed<T>(phase: Phase, work: () => Promise<T>): Promise<T> {
  const wall = Date.now();
  const cpu = cpuMs();
  try {
    return await work();
  } finally {
    const total = totals.get(phase) ?? { wallMs: 0, cpuMs: 0, count: 0 };
    total.wallMs += Date.now() - wall;
    total.cpuMs += cpuMs() - cpu;
    total.count += 1;
    totals.set(phase, total);
  }
}

/** The totals so far (a copy): the spec groups take one before and after each spec file. */
export function phaseTimes(): Record<string, PhaseTime> {
  return Object.fromEntries([...totals].map(([phase, t]) => [phase, { ...t }]));
}
