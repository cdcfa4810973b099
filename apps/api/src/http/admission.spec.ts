import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Response } from 'express';
import { Admission, ADAPTIVE_WINDOW_MS, ADAPTIVE_WINDOW_REQUESTS, ADMISSION_EXEMPT, eventLoopDelay } from './admission';
import { errorResponse } from './domain-error.filter';
import { serverBusy } from '@mirrorline/shared';

const response = () => new EventEmitter() as unknown as Response;

describe('Admission', () => {
  it('admits MAX_IN_FLIGHT requests, turns the next away, and admits again once one has finished', () => {
    const admission = new Admission(2);
    const first = response();
    expect(admission.admit(first)).toBe(true);
    expect(admission.admit(response())).toBe(true);
    expect(admission.admit(response())).toBe(false);
    expect(admission.stats).toEqual({ inFlight: 2, rejected: 1, limit: 2 });
    (first as unknown as EventEmitter).emit('close');
    expect(admission.admit(response())).toBe(true);
    expect(admission.stats).toEqual({ inFlight: 2, rejected: 1, limit: 2 });
  });

  it('turns every request away while the line for a pooled connection is too long (load shedding by queue wait), and admits again once it is not', () => {
    let long = true;
    const admission = new Admission(100, () => long);
    expect(admission.admit(response())).toBe(false);
    expect(admission.admit(response())).toBe(false);
    long = false;
    expect(admission.admit(response())).toBe(true);
    expect(admission.stats).toEqual({ inFlight: 1, rejected: 2, limit: 100 });
  });

  describe('the adaptive limit (ADMISSION_TARGET_MS)', () => {
    /** An admission on a clock the test moves; `batch(n, ms)` admits n requests at once and finishes them all `ms` later (`stats` shows the limit the next arrival meets). */
    const setup = (max = 160, targetMs = 500, floor = 20) => {
      let now = 0;
      const admission = new Admission(max, () => false, { targetMs, floor }, () => now);
      const batch = (n: number, ms: number) => {
        const open = Array.from({ length: n }, () => response());
        for (const res of open) expect(admission.admit(res)).toBe(true);
        now += ms;
        for (const res of open) (res as unknown as EventEmitter).emit('close');
      };
      return { admission, batch };
    };

    it('stays at MAX_IN_FLIGHT while the requests finish within the target', () => {
      const { admission, batch } = setup();
      for (let i = 0; i < 20; i++) batch(100, 300);
      expect(admission.stats.limit).toBe(160);
    });

    it("comes down to the throughput times the target when more than a tenth of a window is slow (Little's law), and turns the next request away", () => {
      const { admission, batch } = setup();
      // 120 requests at once that each take 2 s: 60/s × 0.5 s = 30 may be in flight for a 0.5 s wait
      batch(120, 2_000);
      expect(admission.stats.limit).toBe(30);
      batch(30, 100); // (a window that is not over yet does not move it)
      const held = Array.from({ length: 30 }, () => response());
      for (const res of held) expect(admission.admit(res)).toBe(true);
      expect(admission.admit(response())).toBe(false);
      expect(admission.stats).toMatchObject({ inFlight: 30, rejected: 1, limit: 30 });
    });

    it('takes at least a quarter off per slow window, and never goes below the floor', () => {
      const { admission, batch } = setup(160, 500, 20);
      // 150 at once in 600 ms: 250 may be in flight by Little's law, but the window was slow: 160 → 120 → 90
      batch(150, 600);
      expect(admission.stats.limit).toBe(120);
      batch(110, 600);
      expect(admission.stats.limit).toBe(90);
      // 40 at a time, each 20 s: 2/s × 0.5 s is 1, the floor is 20
      batch(40, 20_000);
      expect(admission.stats.limit).toBe(20);
      batch(20, 20_000);
      expect(admission.stats.limit).toBe(20);
    });

    it('lets a few slow requests in a healthy window pass (a tenth of them may be slow)', () => {
      const { admission, batch } = setup();
      batch(90, 0);
      batch(10, 900); // the window: 100 finished, 10 slow
      expect(admission.stats.limit).toBe(160);
      batch(100, 900); // 100 of 100 slow: 111/s × 0.5 s
      expect(admission.stats.limit).toBe(55);
    });

    it('moves only once a window has ADAPTIVE_WINDOW_REQUESTS requests and lasted ADAPTIVE_WINDOW_MS', () => {
      const { admission, batch } = setup(160, 500, 5);
      batch(ADAPTIVE_WINDOW_REQUESTS - 1, 10_000);
      expect(admission.stats.limit).toBe(160);
      batch(1, 10_000);
      expect(admission.stats.limit).toBe(5);
      // 10 requests, 5 at a time, in 200 ms: the window is not over
      batch(5, (ADAPTIVE_WINDOW_MS - 50) / 2);
      batch(5, (ADAPTIVE_WINDOW_MS - 50) / 2);
      expect(admission.stats.limit).toBe(5);
    });

    it('stays up when the slow requests were fewer in flight than the floor (their number did not make them slow)', () => {
      const { admission, batch } = setup(160, 500, 20);
      for (let i = 0; i < 5; i++) batch(19, 10_000);
      expect(admission.stats.limit).toBe(160);
      batch(20, 10_000);
      expect(admission.stats.limit).toBe(20);
    });

    it('goes back up by a tenth (at least 1) per healthy window, to MAX_IN_FLIGHT', () => {
      const { admission, batch } = setup(160, 500, 20);
      batch(20, 5_000);
      expect(admission.stats.limit).toBe(20);
      const limits: number[] = [];
      for (let i = 0; i < 30; i++) {
        batch(ADAPTIVE_WINDOW_REQUESTS, ADAPTIVE_WINDOW_MS);
        limits.push(admission.stats.limit);
      }
      expect(limits.slice(0, 4)).toEqual([22, 24, 26, 28]);
      expect(limits.at(-1)).toBe(160);
      expect(limits.every((limit, i) => i === 0 || limit >= limits[i - 1])).toBe(true);
    });

    it('comes down when the event loop was late (p99 past a tenth of the target), however fast the requests', () => {
      let delay = 0;
      let now = 0;
      const admission = new Admission(160, () => false, { targetMs: 500, floor: 20, loopDelay: () => delay }, () => now);
      // (100 requests in flight at once in each window: the load is there)
      const batch = (n: number, ms: number) => {
        const open = Array.from({ length: n }, () => response());
        for (const res of open) admission.admit(res);
        now += ms;
        for (const res of open) (res as unknown as EventEmitter).emit('close');
      };
      batch(100, 300);
      delay = 50; // a tenth of 500 ms: not late yet
      expect(admission.stats.limit).toBe(160);
      batch(100, 300);
      delay = 51;
      expect(admission.stats.limit).toBe(120);
      delay = 0;
      batch(100, 300);
      expect(admission.stats.limit).toBe(132);
    });

    it('is off without a target: the limit stays MAX_IN_FLIGHT however slow the requests', () => {
      let now = 0;
      const admission = new Admission(50, () => false, undefined, () => now);
      for (let i = 0; i < 5; i++) {
        const open = Array.from({ length: 50 }, () => response());
        for (const res of open) expect(admission.admit(res)).toBe(true);
        now += 10_000;
        for (const res of open) (res as unknown as EventEmitter).emit('close');
      }
      expect(admission.stats.limit).toBe(50);
    });
  });

  it('measures the event loop delay of a window and starts again for the next (eventLoopDelay)', async () => {
    const delay = eventLoopDelay();
    await sleep(50);
    delay();
    await sleep(30); // (the first timer after a start or a reset only sets where the next sample starts)
    const until = Date.now() + 120;
    while (Date.now() < until); // the loop is blocked for 120 ms
    await sleep(30);
    expect(delay()).toBeGreaterThanOrEqual(100);
    await sleep(50);
    expect(delay()).toBeLessThan(100);
  });

  it('answers a turned-away request 503 SERVICE_UNAVAILABLE with Retry-After: 1', () => {
    const { status, body, headers } = errorResponse(serverBusy());
    expect(status).toBe(503);
    expect(body.code).toBe('SERVICE_UNAVAILABLE');
    expect(headers['Retry-After']).toBe('1');
  });

  it('never turns away health and the event streams', () => {
    for (const path of ['/api/health', '/api/health/', '/api/events/stream', '/api/market/stream', '/API/Health']) expect(ADMISSION_EXEMPT.test(path)).toBe(true);
    for (const path of ['/api/wallet', '/api/healthz', '/api/events', '/api/market/quotes']) expect(ADMISSION_EXEMPT.test(path)).toBe(false);
  });
});
