import { BadRequestException, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { DomainError } from '@mirrorline/shared';
import { errorResponse, STATUS_OF_KIND } from './domain-error.filter';

describe('errorResponse', () => {
  it('maps every domain error kind to its status with {statusCode, message, code}', () => {
    for (const [kind, status] of Object.entries(STATUS_OF_KIND)) {
      const { status: got, body } = errorResponse(new DomainError('X.Y', 'msg', kind as never));
      expect(got).toBe(status);
      expect(body).toEqual({ statusCode: status, message: 'msg', code: 'X.Y' });
    }
  });

  it('adds Retry-After and custom headers from details', () => {
    const { headers } = errorResponse(
      new DomainError('AUTH.THROTTLED', 'Too many login attempts', 'too_many_requests', {
        retryAfterSeconds: 12.2,
        headers: { 'WWW-Authenticate': 'Bearer' },
      }),
    );
    expect(headers).toEqual({ 'Retry-After': '13', 'WWW-Authenticate': 'Bearer' });
  });

  it('gives every 503 a Retry-After, its own when it set one (MARKET.NO_QUOTE, admission control, storage)', () => {
    const noQuote = errorResponse(new DomainError('MARKET.NO_QUOTE', 'No fresh quote for BTCUSDT: try again in a moment', 'service_unavailable'));
    expect(noQuote.status).toBe(503);
    expect(noQuote.headers['Retry-After']).toBe('5');
    const own = errorResponse(new DomainError('KYC.BUSY', 'busy', 'service_unavailable', { retryAfterSeconds: 2 }));
    expect(own.headers['Retry-After']).toBe('2');
    expect(errorResponse(new ServiceUnavailableException()).headers['Retry-After']).toBe('5');
    // Other statuses get none unless they asked for one.
    expect(errorResponse(new DomainError('X.Y', 'msg', 'conflict')).headers['Retry-After']).toBeUndefined();
  });

  it('formats Nest HTTP exceptions', () => {
    expect(errorResponse(new NotFoundException('Cannot GET /x')).body).toEqual({ statusCode: 404, message: 'Cannot GET /x', code: 'NOT_FOUND' });
    expect(errorResponse(new BadRequestException(['a', 'b'])).body.message).toBe('a; b');
  });

  it('turns PostgreSQL input errors into 4xx, not 500', () => {
    expect(errorResponse({ code: '23505' }).status).toBe(409);
    expect(errorResponse({ code: '22P02' }).status).toBe(400);
    expect(errorResponse({ code: '40001' }).body.code).toBe('RETRY');
  });

  it('answers database unavailability 503 SERVICE_UNAVAILABLE with Retry-After, never 500', () => {
    const unavailable = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), { name: 'KnexTimeoutError' }),
      new Error('Connection terminated unexpectedly'),
      // MikroORM wraps the driver's error; AggregateError from a dual-stack connect.
      Object.assign(new Error('wrapped'), { name: 'ConnectionException', cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }),
      Object.assign(new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })], 'all failed')),
    ];
    for (const error of unavailable) {
      expect(errorResponse(error)).toEqual({
        status: 503,
        body: { statusCode: 503, message: 'The service is temporarily unavailable; please retry shortly', code: 'SERVICE_UNAVAILABLE' },
        headers: { 'Retry-After': '5' },
      });
    }
    expect(errorResponse(new Error('boom')).status).toBe(500);
    expect(errorResponse({ code: '23505' }).status).toBe(409);
  });

  it('turns a 503 into SERVICE_UNAVAILABLE with a readable message', () => {
    // What terminus throws when a health indicator is down: the report as the response, no message.
    const health = new ServiceUnavailableException({ status: 'error', info: {}, error: { database: { status: 'down' } }, details: {} });
    expect(errorResponse(health)).toEqual({
      status: 503,
      body: { statusCode: 503, message: 'The service is temporarily unavailable; please retry shortly', code: 'SERVICE_UNAVAILABLE' },
      headers: { 'Retry-After': '5' },
    });
    expect(errorResponse(new ServiceUnavailableException()).body.code).toBe('SERVICE_UNAVAILABLE');
    expect(errorResponse(new ServiceUnavailableException('The database does not answer')).body).toEqual({
      statusCode: 503,
      message: 'The database does not answer',
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('maps PostgreSQL not-null violations and numeric overflows to 400', () => {
    expect(errorResponse({ code: '23502' })).toEqual({
      status: 400,
      body: { statusCode: 400, message: 'A required value is missing', code: 'BAD_REQUEST' },
      headers: {},
    });
    expect(errorResponse({ code: '22003' })).toEqual({
      status: 400,
      body: { statusCode: 400, message: 'A number is out of range', code: 'BAD_REQUEST' },
      headers: {},
    });
    // A NUL character (\u0000) that reached a text column, wherever a DTO let it through.
    expect(errorResponse({ code: '22021' }).body).toEqual({ statusCode: 400, message: 'A value contains a character that is not allowed', code: 'BAD_REQUEST' });
    // As MikroORM wraps them: the driver error under `cause`.
    expect(errorResponse({ name: 'NotNullConstraintViolationException', cause: { code: '23502' } }).status).toBe(400);
  });

  it('hides unknown errors behind a generic 500', () => {
    const { status, body } = errorResponse(new Error('secret internals at /srv/app.js:10'));
    expect(status).toBe(500);
    expect(body).toEqual({ statusCode: 500, message: 'Internal server error', code: 'INTERNAL' });
  });
});
