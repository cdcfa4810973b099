import type { Request, Response } from 'express';
import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser, type AuthenticatedUser } from '@mirrorline/auth';
import { EventsHub } from './events-hub';

@ApiTags('events')
@ApiBearerAuth('bearer')
@Controller('events')
export class EventsController {
  constructor(private readonly hub: EventsHub) {}

  /**
   * Server-Sent Events of the caller's own live events (product.md §9.4). Each event's name is its type
   * (position_opened, position_closed, copy_stopped, guard_hit, wallet_transaction_decided, kyc_decided,
   * notification) and its data `{type, data}`; a comment line every 15 s keeps the stream alive.
   */
  @Get('stream')
  @ApiOperation({ summary: 'Live events of the caller (text/event-stream; Authorization: Bearer)', description: 'Server-sent events of the caller\'s own live events; each event is named by its type (position_opened, position_closed, copy_stopped, guard_hit, wallet_transaction_decided, kyc_decided, notification) with data `{type, data}`; a comment every 15 s keeps it alive. It ends within 5 s of its credentials ending (logout, session or token revoked, password change or reset, block); at most 5 per user.' })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description: 'an endless text/event-stream; each event: `event: <type>` and `data: {"type","data"}`',
    schema: {
      type: 'object',
      properties: {
        type: { type: 'string', enum: ['position_opened', 'position_closed', 'copy_stopped', 'guard_hit', 'wallet_transaction_decided', 'kyc_decided', 'notification'] },
        data: { type: 'object', additionalProperties: true },
      },
    },
  })
  @ApiUnauthorizedResponse({ description: 'no bearer token' })
  @ApiTooManyRequestsResponse({ description: 'EVENTS.TOO_MANY_STREAMS: the caller already holds 5 streams (Retry-After)' })
  stream(@CurrentUser() user: AuthenticatedUser, @Req() req: Request, @Res() res: Response): void {
    const connection = this.hub.open(user, req, res);
    // The stream ends when the access token that opened it expires (the client reconnects with a fresh
    // one), and sooner when its credentials end (EventsHub re-checks them every CREDENTIAL_CHECK_MS).
    const expiresInMs = tokenExpiry(req.headers.authorization) - Date.now();
    if (Number.isFinite(expiresInMs)) {
      const timer = setTimeout(() => connection.close(), Math.max(0, Math.min(expiresInMs, 2 ** 31 - 1)));
      timer.unref();
      connection.onClose(() => clearTimeout(timer));
    }
  }
}

/** `exp` (ms) of the bearer token the guard has already verified; NaN when it has none. */
function tokenExpiry(header: string | undefined): number {
  const payload = header?.split('.')[1];
  if (!payload) return NaN;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : NaN;
  } catch {
    return NaN;
  }
}
