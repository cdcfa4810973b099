import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { ThrottlerModule } from '@nestjs/throttler';
import { OtpModule } from '@mirrorline/otp';
import { MailModule } from '@mirrorline/mail';
import { AccountsModule } from '@mirrorline/accounts';
import { APP_CONFIG, type AppConfig } from '@mirrorline/shared';
import { AccessTokenGuard } from './adapters/http/access-token.guard';
import { ActiveUserCheck } from './application/active-user-check';
import { SqlActiveUserCheck } from './adapters/persistence/sql-active-user-check';
import { UserAccessCache } from './adapters/persistence/user-access-cache';
import { AuthController } from './adapters/http/auth.controller';
import { RateLimitGuard, rateLimitThrottlers } from './adapters/http/rate-limit';
import { RateLimitStorage, RateLimitStorageModule } from './adapters/http/rate-limit-storage';
import { PasswordHasher } from './application/ports/password-hasher';
import { RefreshTokenStore } from './application/ports/refresh-token.store';
import { LoginFailureLog } from './application/ports/login-failure-log';
import { PasswordResetTokens } from './application/ports/password-reset-tokens';
import { AccessTokenSigner } from './application/ports/access-token-signer';
import { Argon2PasswordHasher } from './adapters/crypto/argon2-password-hasher';
import { JwtAccessTokenSigner } from './adapters/crypto/jwt-access-token-signer';
import { MikroOrmRefreshTokenStore } from './adapters/persistence/mikro-orm-refresh-token.store';
import { RefreshTokenEntity } from './adapters/persistence/refresh-token.entity';
import { SqlLoginFailureLog } from './adapters/persistence/sql-login-failure-log';
import { SqlPasswordResetTokens } from './adapters/persistence/sql-password-reset-tokens';
import { UserInfoBuilder } from './application/services/user-info.builder';
import { SessionTokens } from './application/services/session-tokens';
import { CodeMailer } from './application/services/code-mailer';
import { CodeTryThrottle } from './application/services/code-try-throttle';
import { CodeTryLog } from './application/ports/code-try-log';
import { SqlCodeTryLog } from './adapters/persistence/sql-code-try-log';
import { RegisterUserUseCase } from './application/use-cases/register-user/register-user.use-case';
import { ResendVerificationCodeUseCase } from './application/use-cases/resend-verification-code/resend-verification-code.use-case';
import { VerifyEmailUseCase } from './application/use-cases/verify-email/verify-email.use-case';
import { VerifyEmailSignInUseCase } from './application/use-cases/verify-email/verify-email-sign-in.use-case';
import { LogInUseCase } from './application/use-cases/log-in/log-in.use-case';
import { RefreshSessionUseCase } from './application/use-cases/refresh-session/refresh-session.use-case';
import { LogOutUseCase } from './application/use-cases/log-out/log-out.use-case';
import { SendPasswordResetCodeUseCase } from './application/use-cases/send-password-reset-code/send-password-reset-code.use-case';
import { VerifyPasswordResetCodeUseCase } from './application/use-cases/verify-password-reset-code/verify-password-reset-code.use-case';
import { ResetPasswordUseCase } from './application/use-cases/reset-password/reset-password.use-case';
import { ChangePasswordUseCase } from './application/use-cases/change-password/change-password.use-case';
import { RevokeUserSessionsUseCase } from './application/use-cases/revoke-user-sessions/revoke-user-sessions.use-case';
import { BootstrapAdminUseCase } from './application/use-cases/bootstrap-admin/bootstrap-admin.use-case';
import { SecurityController } from './adapters/http/security.controller';
import { MfaStore } from './application/ports/mfa-store';
import { SqlMfaStore } from './adapters/persistence/sql-mfa-store';
import { AuthSessions } from './application/ports/auth-sessions';
import { SqlAuthSessions } from './adapters/persistence/sql-auth-sessions';
import { ApiTokenStore } from './application/ports/api-token-store';
import { SqlApiTokenStore } from './adapters/persistence/sql-api-token-store';
import { MfaCodes } from './application/services/mfa-codes';
import { SecurityAlerts } from './application/services/security-alerts';
import { SignIn } from './application/services/sign-in';
import { CompleteMfaLoginUseCase } from './application/use-cases/complete-mfa-login/complete-mfa-login.use-case';
import { DisableMfaUseCase, EnableMfaUseCase, GetMfaStatusUseCase, SetUpMfaUseCase } from './application/use-cases/manage-mfa/manage-mfa.use-cases';
import { ListSessionsUseCase, RevokeSessionsUseCase } from './application/use-cases/manage-sessions/manage-sessions.use-cases';
import { ManageApiTokensUseCase } from './application/use-cases/manage-api-tokens/manage-api-tokens.use-cases';

import { SessionRevoker } from './application/ports/session-revoker';
import { AccessTokenIssuer } from './application/ports/access-token-issuer';
import { AuthSessionRevoker } from './application/services/auth-session-revoker';
import { AuthAccessTokenIssuer } from './application/services/auth-access-token-issuer';
import { LiveCredentials } from './application/services/live-credentials';

@Module({
  imports: [
    // UserAccounts (over `users`) comes from AccountsModule, the owner of `users` just below auth in
    // docs/lib-order.json; UserBalances (over the ledger) from the wallet's WalletForAuthModule. The back
    // office reaches auth through SessionRevoker and AccessTokenIssuer.
    AccountsModule,
    MikroOrmModule.forFeature([RefreshTokenEntity]),
    JwtModule.register({}),
    OtpModule,
    MailModule,
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStorageModule],
      inject: [RateLimitStorage, APP_CONFIG],
      useFactory: (holder: RateLimitStorage, config: AppConfig) => ({
        throttlers: rateLimitThrottlers({ login: config.loginRateLimit }),
        storage: holder.storage,
        setHeaders: false,
      }),
    }),
  ],
  controllers: [AuthController, SecurityController],
  providers: [
    // Ports for the contexts above auth (user management): end a user's sessions, sign a token for a user.
    { provide: SessionRevoker, useClass: AuthSessionRevoker },
    { provide: AccessTokenIssuer, useClass: AuthAccessTokenIssuer },
    UserAccessCache,
    { provide: ActiveUserCheck, useClass: SqlActiveUserCheck },
    // Order matters: authenticate first, then count (a rate-limited authenticated route counts only real callers).
    { provide: APP_GUARD, useClass: AccessTokenGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: PasswordHasher, useClass: Argon2PasswordHasher },
    { provide: AccessTokenSigner, useClass: JwtAccessTokenSigner },
    { provide: RefreshTokenStore, useClass: MikroOrmRefreshTokenStore },
    { provide: LoginFailureLog, useClass: SqlLoginFailureLog },
    { provide: CodeTryLog, useClass: SqlCodeTryLog },
    { provide: PasswordResetTokens, useClass: SqlPasswordResetTokens },
    UserInfoBuilder,
    SessionTokens,
    CodeMailer,
    CodeTryThrottle,
    RegisterUserUseCase,
    ResendVerificationCodeUseCase,
    VerifyEmailUseCase,
    VerifyEmailSignInUseCase,
    LogInUseCase,
    RefreshSessionUseCase,
    LogOutUseCase,
    SendPasswordResetCodeUseCase,
    VerifyPasswordResetCodeUseCase,
    ResetPasswordUseCase,
    ChangePasswordUseCase,
    RevokeUserSessionsUseCase,
    BootstrapAdminUseCase,
    { provide: MfaStore, useClass: SqlMfaStore },
    { provide: AuthSessions, useClass: SqlAuthSessions },
    { provide: ApiTokenStore, useClass: SqlApiTokenStore },
    MfaCodes,
    SecurityAlerts,
    SignIn,
    CompleteMfaLoginUseCase,
    GetMfaStatusUseCase,
    SetUpMfaUseCase,
    EnableMfaUseCase,
    DisableMfaUseCase,
    ListSessionsUseCase,
    RevokeSessionsUseCase,
    ManageApiTokensUseCase,
    LiveCredentials,
  ],
  exports: [ActiveUserCheck, LiveCredentials, RevokeUserSessionsUseCase, SessionTokens, SessionRevoker, AccessTokenIssuer, PasswordHasher, UserInfoBuilder, BootstrapAdminUseCase, MfaCodes, SecurityAlerts],
})
export class AuthModule {}
