import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../../domain/user-info';
import { CurrentUser, MfaEnrolmentExempt, NoApiToken } from './auth.decorators';
import { RateLimit } from './rate-limit';
import {
  ApiTokensResponseDto,
  CreateApiTokenRequestDto,
  CreatedApiTokenResponseDto,
  DisableMfaRequestDto,
  MfaCodeRequestDto,
  MfaEnableResponseDto,
  MfaSetupResponseDto,
  MfaStatusResponseDto,
  SessionsResponseDto,
} from './dto/security.dto';
import { MessageResponseDto } from './dto/auth.response.dto';
import { DisableMfaUseCase, EnableMfaUseCase, GetMfaStatusUseCase, SetUpMfaUseCase } from '../../application/use-cases/manage-mfa/manage-mfa.use-cases';
import { ListSessionsUseCase, RevokeSessionsUseCase } from '../../application/use-cases/manage-sessions/manage-sessions.use-cases';
import { ManageApiTokensUseCase } from '../../application/use-cases/manage-api-tokens/manage-api-tokens.use-cases';

const TOKEN_SCOPE = { status: 403, description: 'TOKEN_SCOPE: not with a personal API token' };

/** Account security (product.md §10): 2FA, sessions, personal API tokens. Never with an API token. */
@ApiTags('auth')
@ApiBearerAuth('bearer')
@NoApiToken()
@Controller('auth')
export class SecurityController {
  constructor(
    private readonly status: GetMfaStatusUseCase,
    private readonly setUp: SetUpMfaUseCase,
    private readonly enable: EnableMfaUseCase,
    private readonly disable: DisableMfaUseCase,
    private readonly listSessions: ListSessionsUseCase,
    private readonly revokeSessions: RevokeSessionsUseCase,
    private readonly apiTokens: ManageApiTokensUseCase,
  ) {}

  @Get('mfa')
  @MfaEnrolmentExempt()
  @ApiOperation({ summary: 'Is 2FA on, and how many recovery codes are left', description: 'Whether two-factor authentication is on, and how many unused recovery codes remain.' })
  @ApiResponse({ status: 200, type: MfaStatusResponseDto })
  @ApiResponse(TOKEN_SCOPE)
  mfaStatus(@CurrentUser() user: AuthenticatedUser): Promise<MfaStatusResponseDto> {
    return this.status.execute(user.userId);
  }

  @Post('mfa/setup')
  @HttpCode(200)
  @MfaEnrolmentExempt()
  @ApiOperation({ summary: 'A new TOTP secret with its QR code, pending until auth/mfa/enable/', description: 'Creates a pending TOTP secret (with an otpauth URL and a QR code); 2FA turns on only after auth/mfa/enable confirms a code.' })
  @ApiResponse({ status: 200, type: MfaSetupResponseDto })
  @ApiResponse({ status: 409, description: 'MFA.ALREADY_ENABLED' })
  @ApiResponse(TOKEN_SCOPE)
  mfaSetup(@CurrentUser() user: AuthenticatedUser): Promise<MfaSetupResponseDto> {
    return this.setUp.execute(user);
  }

  @Post('mfa/enable')
  @HttpCode(200)
  @MfaEnrolmentExempt()
  @ApiOperation({ summary: 'Confirm a code of the pending secret: 2FA on, 10 recovery codes (shown once), a fresh access token', description: 'Confirms a code of the pending secret; answers 10 recovery codes (shown once) and a fresh access token.' })
  @ApiResponse({ status: 200, type: MfaEnableResponseDto })
  @ApiResponse({ status: 400, description: 'MFA.INVALID_CODE or MFA.NOT_SET_UP' })
  @ApiResponse({ status: 409, description: 'MFA.ALREADY_ENABLED' })
  @ApiResponse({ status: 429, description: 'MFA.TOO_MANY_ATTEMPTS' })
  @ApiResponse(TOKEN_SCOPE)
  mfaEnable(@CurrentUser() user: AuthenticatedUser, @Body() body: MfaCodeRequestDto): Promise<MfaEnableResponseDto> {
    return this.enable.execute(user, body.code);
  }

  @Post('mfa/disable')
  @HttpCode(200)
  @MfaEnrolmentExempt()
  @RateLimit('password')
  @ApiOperation({ summary: 'Turn 2FA off with the password and a code (not for Admins)', description: 'Needs the password and a current code; Admins cannot turn 2FA off.' })
  @ApiResponse({ status: 200, type: MessageResponseDto })
  @ApiResponse({ status: 400, description: 'AUTH.WRONG_PASSWORD or MFA.INVALID_CODE: wrong password or code' })
  @ApiResponse({ status: 403, description: 'FORBIDDEN: Admins cannot turn 2FA off; TOKEN_SCOPE' })
  mfaDisable(@CurrentUser() user: AuthenticatedUser, @Body() body: DisableMfaRequestDto): Promise<MessageResponseDto> {
    return this.disable.execute(user, body);
  }

  @Get('sessions')
  @ApiOperation({ summary: 'My sessions (refresh-token families) with their device', description: 'Each signed-in device (refresh-token family) with what is known of it and when it was last used; the current one is marked.' })
  @ApiResponse({ status: 200, type: SessionsResponseDto })
  @ApiResponse(TOKEN_SCOPE)
  sessions(@CurrentUser() user: AuthenticatedUser): Promise<SessionsResponseDto> {
    return this.listSessions.execute(user);
  }

  @Post('sessions/revoke-others')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out every other session', description: 'Signs out every session except this one.' })
  @ApiResponse({ status: 200, type: MessageResponseDto })
  @ApiResponse(TOKEN_SCOPE)
  revokeOthers(@CurrentUser() user: AuthenticatedUser): Promise<MessageResponseDto> {
    return this.revokeSessions.others(user);
  }

  @Delete('sessions/:id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out one session: its refresh token and access tokens stop at once', description: 'Its refresh token and its access tokens stop working at once.' })
  @ApiResponse({ status: 200, type: MessageResponseDto })
  @ApiResponse({ status: 404, description: 'SESSION.NOT_FOUND' })
  @ApiResponse(TOKEN_SCOPE)
  revokeSession(@CurrentUser() user: AuthenticatedUser, @Param('id', new ParseUUIDPipe()) id: string): Promise<MessageResponseDto> {
    return this.revokeSessions.one(user, id);
  }

  @Get('tokens')
  @ApiOperation({ summary: 'My personal API tokens (never the token itself)', description: 'Name, scopes, creation and last use of each personal API token; the token itself is never shown again.' })
  @ApiResponse({ status: 200, type: ApiTokensResponseDto })
  @ApiResponse(TOKEN_SCOPE)
  tokens(@CurrentUser() user: AuthenticatedUser): Promise<ApiTokensResponseDto> {
    return this.apiTokens.list(user.userId);
  }

  @Post('tokens')
  @HttpCode(201)
  @ApiOperation({ summary: 'A new personal API token (`ml_pat_…`, shown once) with scopes read and/or trade', description: 'A personal API token for scripts, shown once, with scopes read and/or trade; it cannot withdraw or manage security.' })
  @ApiResponse({ status: 201, type: CreatedApiTokenResponseDto })
  @ApiResponse({ status: 403, description: 'TOKEN_SCOPE with an API token; FORBIDDEN while impersonating' })
  createToken(@CurrentUser() user: AuthenticatedUser, @Body() body: CreateApiTokenRequestDto): Promise<CreatedApiTokenResponseDto> {
    return this.apiTokens.create(user, body);
  }

  @Delete('tokens/:id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke a personal API token (refused at once afterwards)', description: 'The token is refused from the next request on.' })
  @ApiResponse({ status: 200, type: MessageResponseDto })
  @ApiResponse({ status: 404, description: 'API_TOKEN.NOT_FOUND' })
  @ApiResponse(TOKEN_SCOPE)
  revokeToken(@CurrentUser() user: AuthenticatedUser, @Param('id', new ParseUUIDPipe()) id: string): Promise<MessageResponseDto> {
    return this.apiTokens.revoke(user.userId, id);
  }
}
