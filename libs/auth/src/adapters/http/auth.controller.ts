import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '@mirrorline/shared';
import type { AuthenticatedUser } from '../../domain/user-info';
import { CurrentUser, Public } from './auth.decorators';
import { RateLimit } from './rate-limit';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './refresh-cookie';
import {
  ChangePasswordRequestDto,
  EmailRequestDto,
  LoginRequestDto,
  RegisterRequestDto,
  ResetPasswordRequestDto,
  VerifyOtpRequestDto,
} from './dto/auth.request.dto';
import { AccessTokenResponseDto, ChangePasswordResponseDto, MessageResponseDto, ResetTokenResponseDto } from './dto/auth.response.dto';
import { RegisterUserUseCase } from '../../application/use-cases/register-user/register-user.use-case';
import { ResendVerificationCodeUseCase } from '../../application/use-cases/resend-verification-code/resend-verification-code.use-case';
import { VerifyEmailSignInUseCase } from '../../application/use-cases/verify-email/verify-email-sign-in.use-case';
import { LogInUseCase } from '../../application/use-cases/log-in/log-in.use-case';
import { RefreshSessionUseCase } from '../../application/use-cases/refresh-session/refresh-session.use-case';
import { LogOutUseCase } from '../../application/use-cases/log-out/log-out.use-case';
import { SendPasswordResetCodeUseCase } from '../../application/use-cases/send-password-reset-code/send-password-reset-code.use-case';
import { VerifyPasswordResetCodeUseCase } from '../../application/use-cases/verify-password-reset-code/verify-password-reset-code.use-case';
import { ResetPasswordUseCase } from '../../application/use-cases/reset-password/reset-password.use-case';
import { ChangePasswordUseCase } from '../../application/use-cases/change-password/change-password.use-case';
import { CompleteMfaLoginUseCase } from '../../application/use-cases/complete-mfa-login/complete-mfa-login.use-case';
import { SecurityAlerts } from '../../application/services/security-alerts';
import type { DeviceInfo } from '../../application/ports/auth-sessions';
import { LoginMfaRequestDto, LoginResponseDto, VerifyEmailResponseDto } from './dto/security.dto';
import { MfaEnrolmentExempt, NoApiToken } from './auth.decorators';

const deviceOf = (req: Request): DeviceInfo => ({ userAgent: req.headers['user-agent'], ip: req.ip });

const TOO_MANY = { status: 429, description: 'TOO_MANY_REQUESTS (Retry-After header)' };

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registerUser: RegisterUserUseCase,
    private readonly resendCode: ResendVerificationCodeUseCase,
    private readonly verifyEmail: VerifyEmailSignInUseCase,
    private readonly logIn: LogInUseCase,
    private readonly refreshSession: RefreshSessionUseCase,
    private readonly logOut: LogOutUseCase,
    private readonly sendResetCode: SendPasswordResetCodeUseCase,
    private readonly verifyResetCode: VerifyPasswordResetCodeUseCase,
    private readonly resetPassword: ResetPasswordUseCase,
    private readonly changePassword: ChangePasswordUseCase,
    private readonly completeMfaLogin: CompleteMfaLoginUseCase,
    private readonly alerts: SecurityAlerts,
  ) {}

  @Public()
  @RateLimit('register')
  @Post('register')
  @HttpCode(201)
  @ApiOperation({ summary: 'Sign up; a 6-digit code is emailed', description: 'Creates an unverified account and emails a 6-digit code (auth/verifyotp). A taken email or username → 409.' })
  @ApiResponse({ status: 201, type: MessageResponseDto })
  @ApiResponse({ status: 400, description: 'VALIDATION_FAILED: invalid input' })
  @ApiResponse({ status: 409, description: 'AUTH.EMAIL_TAKEN or AUTH.USERNAME_TAKEN' })
  @ApiResponse(TOO_MANY)
  register(@Body() body: RegisterRequestDto): Promise<MessageResponseDto> {
    return this.registerUser.execute(body);
  }

  @Public()
  @RateLimit('otp-send')
  @Post('createnewotp')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a new email verification code (same answer for unknown emails)', description: 'A fresh code replaces the previous one; the answer is the same whether or not the email exists, so it reveals nothing.' })
  @ApiResponse({ status: 200, type: MessageResponseDto })
  @ApiResponse(TOO_MANY)
  createNewOtp(@Body() body: EmailRequestDto): Promise<MessageResponseDto> {
    return this.resendCode.execute(body);
  }

  @Public()
  @RateLimit('otp-verify')
  @Post('verifyotp')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Verify the email with the emailed code; signs the user in (no second password entry)',
    description:
      '200 {message, accessToken} + refresh cookie, as a login. With 2FA on: {message, mfaRequired: true, mfaToken} (no cookie; ' +
      'finish with auth/login/mfa/). A blocked account, or an Admin without 2FA, is verified but not signed in: {message} only.',
  })
  @ApiResponse({ status: 200, type: VerifyEmailResponseDto })
  @ApiResponse({ status: 400, description: 'OTP.INVALID: wrong or expired code' })
  @ApiResponse({ status: 429, description: 'OTP.TOO_MANY_ATTEMPTS after 5 wrong tries (request a new code), or TOO_MANY_REQUESTS' })
  async verifyOtp(@Body() body: VerifyOtpRequestDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<VerifyEmailResponseDto> {
    const result = await this.verifyEmail.execute({ ...body, device: deviceOf(req) });
    if (result.mfaRequired) return { message: result.message, mfaRequired: true, mfaToken: result.mfaToken };
    if (result.accessToken === undefined) return { message: result.message };
    setRefreshCookie(res, result.refresh.token, result.refresh.expiresAt, this.config.isProduction);
    return { message: result.message, accessToken: result.accessToken };
  }

  @Public()
  @RateLimit('login')
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in: access token in the body, refresh token in an httpOnly cookie', description: 'Email and password. With 2FA on, the answer is an mfaToken for auth/login/mfa instead of tokens. Unverified email → 402; blocked → 403.' })
  @ApiResponse({ status: 200, type: LoginResponseDto, description: '{accessToken} + cookie; with 2FA on: {mfaRequired: true, mfaToken}, no cookie' })
  @ApiResponse({ status: 401, description: 'AUTH.INVALID_CREDENTIALS: invalid email or password' })
  @ApiResponse({ status: 402, description: 'AUTH.EMAIL_NOT_VERIFIED: you have not verified your email' })
  @ApiResponse({ status: 429, description: 'AUTH.TOO_MANY_LOGIN_ATTEMPTS (Retry-After header)' })
  @ApiResponse({ status: 403, description: 'BLOCKED: the account is blocked; AUTH.STEP_UP_REQUIRED: past 100 consecutive failures, for a right or a wrong password alike (a code is mailed only when the password was right; send it as `code`)' })
  async login(@Body() body: LoginRequestDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LoginResponseDto> {
    const result = await this.logIn.execute({ ...body, client: req.ip ?? 'unknown', device: deviceOf(req) });
    if (result.mfaRequired) return { mfaRequired: true, mfaToken: result.mfaToken };
    setRefreshCookie(res, result.refresh.token, result.refresh.expiresAt, this.config.isProduction);
    return { accessToken: result.accessToken };
  }

  @Public()
  @RateLimit('otp-verify')
  @Post('login/mfa')
  @HttpCode(200)
  @ApiOperation({ summary: 'Second sign-in step: the mfaToken of auth/login/ and a TOTP or recovery code', description: 'Completes a 2FA sign-in: the short-lived mfaToken plus a current TOTP code or an unused recovery code.' })
  @ApiResponse({ status: 200, type: AccessTokenResponseDto })
  @ApiResponse({ status: 400, description: 'MFA.INVALID_CODE, or MFA.CHALLENGE_INVALID (expired or spent mfaToken)' })
  @ApiResponse({ status: 429, description: 'MFA.TOO_MANY_ATTEMPTS: 5 wrong codes for the account in 15 minutes' })
  async loginMfa(@Body() body: LoginMfaRequestDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<AccessTokenResponseDto> {
    const { accessToken, refresh } = await this.completeMfaLogin.execute({ ...body, device: deviceOf(req) });
    setRefreshCookie(res, refresh.token, refresh.expiresAt, this.config.isProduction);
    return { accessToken };
  }

  @Public()
  @Get('refresh')
  @ApiCookieAuth('refresh')
  @ApiOperation({ summary: 'Rotate the refresh cookie and get a new access token', description: 'Reads the httpOnly refresh cookie, rotates it (reuse of an old one revokes the family) and answers a new access token.' })
  @ApiResponse({ status: 200, type: AccessTokenResponseDto })
  @ApiResponse({ status: 401, description: 'AUTH.NO_REFRESH_TOKEN: no refresh cookie' })
  @ApiResponse({ status: 403, description: 'AUTH.REFRESH_REJECTED: refresh token expired, revoked or reused (the whole session is then revoked)' })
  async refresh(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<AccessTokenResponseDto> {
    const presented = refreshCookieOf(req);
    try {
      const { accessToken, refresh } = await this.refreshSession.execute({ refreshToken: presented });
      setRefreshCookie(res, refresh.token, refresh.expiresAt, this.config.isProduction);
      return { accessToken };
    } catch (error) {
      if (presented) clearRefreshCookie(res, this.config.isProduction);
      throw error;
    }
  }

  @Public()
  @MfaEnrolmentExempt()
  @Post('logout')
  @HttpCode(200)
  @ApiCookieAuth('refresh')
  @ApiOperation({ summary: 'Revoke this session and clear the refresh cookie', description: 'Revokes the current session\'s refresh family and clears the cookie; access tokens of the session stop at once.' })
  @ApiResponse({ status: 200, type: MessageResponseDto })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MessageResponseDto> {
    const result = await this.logOut.execute({ refreshToken: refreshCookieOf(req) });
    clearRefreshCookie(res, this.config.isProduction);
    return result;
  }

  @Public()
  @RateLimit('otp-send')
  @Post('forgotpassword/sendotp')
  @HttpCode(200)
  @ApiOperation({ summary: 'Email a password reset code (same answer for unknown emails)', description: 'Emails a reset code when the account exists; the answer never says whether it does.' })
  @ApiResponse({ status: 200, type: MessageResponseDto })
  @ApiResponse(TOO_MANY)
  forgotPasswordSendOtp(@Body() body: EmailRequestDto): Promise<MessageResponseDto> {
    return this.sendResetCode.execute(body);
  }

  @Public()
  @RateLimit('otp-verify')
  @Post('forgotpassword/verifyotp')
  @HttpCode(200)
  @ApiOperation({ summary: 'Trade the reset code for a single-use reset token (15 minutes)', description: 'A correct code gives a reset token valid for 15 minutes, usable once.' })
  @ApiResponse({ status: 200, type: ResetTokenResponseDto })
  @ApiResponse({ status: 400, description: 'OTP.INVALID: wrong or expired code' })
  @ApiResponse({ status: 429, description: 'OTP.TOO_MANY_ATTEMPTS after 5 wrong tries, or TOO_MANY_REQUESTS' })
  forgotPasswordVerifyOtp(@Body() body: VerifyOtpRequestDto): Promise<ResetTokenResponseDto> {
    return this.verifyResetCode.execute(body);
  }

  @Public()
  @RateLimit('password')
  @Post('forgotpassword/reset')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a new password; every session of the user is revoked', description: 'The reset token and the new password; every session of the user is signed out.' })
  @ApiResponse({ status: 200, type: MessageResponseDto })
  @ApiResponse({ status: 400, description: 'VALIDATION_FAILED: invalid input; AUTH.INVALID_RESET_TOKEN: the reset token is invalid, used or expired' })
  @ApiResponse(TOO_MANY)
  forgotPasswordReset(@Body() body: ResetPasswordRequestDto): Promise<MessageResponseDto> {
    return this.resetPassword.execute(body);
  }

  @RateLimit('password')
  @NoApiToken()
  @Post('changepassword')
  @HttpCode(200)
  @ApiBearerAuth('bearer')
  @ApiOperation({ summary: 'Change the password; other sessions are revoked, this one gets a fresh access token', description: 'Needs the current password; other sessions are signed out and this one continues with a fresh access token.' })
  @ApiResponse({ status: 200, type: ChangePasswordResponseDto })
  @ApiResponse({ status: 400, description: 'VALIDATION_FAILED: invalid input' })
  @ApiResponse({ status: 401, description: 'AUTH.WRONG_PASSWORD: wrong current password; UNAUTHENTICATED: no access token' })
  @ApiResponse(TOO_MANY)
  async changePasswordRoute(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ChangePasswordRequestDto,
    @Req() req: Request,
  ): Promise<ChangePasswordResponseDto> {
    const result = await this.changePassword.execute({
      userId: user.userId,
      impersonatedBy: user.impersonatedBy,
      sessionId: user.sessionId,
      ...body,
      refreshToken: refreshCookieOf(req),
    });
    await this.alerts.raise(user.userId, 'password_changed');
    return result;
  }
}
