import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { Admission, ADMISSION_EXEMPT, overloaded } from './admission';
import { errorResponse } from './domain-error.filter';

const response = () => new EventEmitter() as unknown as Response;

describe('Admission', () => {
  it('admits MAX_IN_FLIGHT requests, turns the next away, and admits again once one has finished', () => {
    const admission = new Admission(2);
    const first = response();
    expect(admission.admit(first)).toBe(true);
    expect(admission.admit(response())).toBe(true);
    expect(admission.admit(response())).toBe(false);
    expect(admission.stats).toEqual({ inFlight: 2, rejected: 1 });
    (first as unknown as EventEmitter).emit('close');
    expect(admission.admit(response())).toBe(true);
    expect(admission.stats).toEqual({ inFlight: 2, rejected: 1 });
  });

  it('turns every request away while the line for a pooled connection is too long (load shedding by queue wait), and admits again once it is not', () => {
    let long = true;
    const admission = new Admission(100, () => long);
    expect(admission.admit(response())).toBe(false);
    expect(admission.admit(response())).toBe(false);
    long = false;
    expect(admission.admit(response())).toBe(true);
    expect(admission.stats).toEqual({ inFlight: 1, rejected: 2 });
  });

  it('answers a turned-away request 503 SERVICE_UNAVAILABLE with Retry-After: 1', () => {
    const { status, body, headers } = errorResponse(overloaded());
    expect(status).toBe(503);
    expect(body.code).toBe('SERVICE_UNAVAILABLE');
    expect(headers['Retry-After']).toBe('1');
  });

  it('never turns away health and the event streams', () => {
    for (const path of ['/api/health', '/api/health/', '/api/events/stream', '/api/market/stream', '/API/Health']) expect(ADMISSION_EXEMPT.test(path)).toBe(true);
    for (const path of ['/api/wallet', '/api/healthz', '/api/events', '/api/market/quotes']) expect(ADMISSION_EXEMPT.test(path)).toBe(false);
  });
});
