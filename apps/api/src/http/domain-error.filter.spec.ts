import { BadRequestException, NotFoundException } from '@nestjs/common';
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

  it('formats Nest HTTP exceptions', () => {
    expect(errorResponse(new NotFoundException('Cannot GET /x')).body).toEqual({ statusCode: 404, message: 'Cannot GET /x', code: 'NOT_FOUND' });
    expect(errorResponse(new BadRequestException(['a', 'b'])).body.message).toBe('a; b');
  });

  it('turns PostgreSQL input errors into 4xx, not 500', () => {
    expect(errorResponse({ code: '23505' }).status).toBe(409);
    expect(errorResponse({ code: '22P02' }).status).toBe(400);
    expect(errorResponse({ code: '40001' }).body.code).toBe('RETRY');
  });

  it('hides unknown errors behind a generic 500', () => {
    const { status, body } = errorResponse(new Error('secret internals at /srv/app.js:10'));
    expect(status).toBe(500);
    expect(body).toEqual({ statusCode: 500, message: 'Internal server error', code: 'INTERNAL' });
  });
});
