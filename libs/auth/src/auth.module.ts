import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { ThrottlerModule } from '@nestjs/throttler';
import { OtpModule } from '@mirrorline/otp';
import { MailModule } from '@mirrorline/mail';
import { AccessTokenGuard } from './adapters/http/access-token.guard';
import { ActiveUserCheck } from './application/active-user-check';
import { MikroOrmActiveUserCheck } from './adapters/persistence/mikro-orm-active-user-check';
import { UserAccessCache } from './adapters/persistence/user-access-cache';
import { AuthController } from './adapters/http/auth.controller';
import { RateLimitGuard, rateLimitThrottlers } from './adapters/http/rate-limit';
import { RateLimitStorage, RateLimitStorageModule } from './adapters/http/rate-limit-storage';
import { PasswordHasher } from './application/ports/password-hasher';
import { UserAccounts } from './application/ports/user-accounts';
import { RefreshTokenStore } from './application/ports/refresh-token.store';
import { LoginFailureLog } from './application/ports/login-failure-log';
import { PasswordResetTokens } from './application/ports/password-reset-tokens';
import { UserBalances } from './application/ports/user-balances';
import { AccessTokenSigner } from './application/ports/access-token-signer';
import { Argon2PasswordHasher } from './adapters/crypto/argon2-password-hasher';
import { JwtAccessTokenSigner } from './adapters/crypto/jwt-access-token-signer';
import { SqlUserAccounts } from './adapters/persistence/sql-user-accounts';
import { SqlRefreshTokenStore } from './adapters/persistence/sql-refresh-token.store';
import { SqlLoginFailureLog } from './adapters/persistence/sql-login-failure-log';
import { SqlPasswordResetTokens } from './adapters/persistence/sql-password-reset-tokens';
import { SqlUserBalances } from './adapters/persistence/sql-user-balances';
import { UserInfoBuilder } from './application/services/user-info.builder';
import { SessionTokens } from './application/services/session-tokens';
import { CodeMailer } from './application/services/code-mailer';
import { CodeTryThrottle } from './application/services/code-try-throttle';
import { CodeTryLog } from './application/ports/code-try-log';
import { SqlCodeTryLog } from './adapters/persistence/sql-code-try-log';
import { RegisterUser } from './application/use-cases/register-user/register-user.use-case';
import { ResendVerificationCode } from './application/use-cases/resend-verification-code/resend-verification-code.use-case';
import { VerifyEmail } from './application/use-cases/verify-email/verify-email.use-case';
import { VerifyEmailSignIn } from './application/use-cases/verify-email/verify-email-sign-in.use-case';
import { LogIn } from './application/use-cases/log-in/log-in.use-case';
import { RefreshSession } from './application/use-cases/refresh-session/refresh-session.use-case';
import { LogOut } from './application/use-cases/log-out/log-out.use-case';
import { SendPasswordResetCode } from './application/use-cases/send-password-reset-code/send-password-reset-code.use-case';
import { VerifyPasswordResetCode } from './application/use-cases/verify-password-reset-code/verify-password-reset-code.use-case';
import { ResetPassword } from './application/use-cases/reset-password/reset-password.use-case';
import { ChangePassword } from './application/use-cases/change-password/change-password.use-case';
import { RevokeUserSessions } from './application/use-cases/revoke-user-sessions/revoke-user-sessions.use-case';
import { BootstrapAdmin } from './application/use-cases/bootstrap-admin/bootstrap-admin.use-case';
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
import { CompleteMfaLogin } from './application/use-cases/complete-mfa-login/complete-mfa-login.use-case';
import { DisableMfa, EnableMfa, GetMfaStatus, SetUpMfa } from './application/use-cases/manage-mfa/manage-mfa.use-cases';
import { ListSessions, RevokeSessions } from './application/use-cases/manage-sessions/manage-sessions.use-cases';
import { ManageApiTokens } from './application/use-cases/manage-api-tokens/manage-api-tokens.use-cases';

@Module({
  imports: [
    // No UsersModule here: auth reads `users` through SQL only, so it has no runtime import of
    // @mirrorline/users, whose user management imports auth (a module cycle otherwise).
    JwtModule.register({}),
    OtpModule,
    MailModule,
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStorageModule],
      inject: [RateLimitStorage],
      useFactory: (holder: RateLimitStorage) => ({ throttlers: rateLimitThrottlers(), storage: holder.storage, setHeaders: false }),
    }),
  ],
  controllers: [AuthController, SecurityController],
  providers: [
    UserAccessCache,
    { provide: ActiveUserCheck, useClass: MikroOrmActiveUserCheck },
    // Order matters: authenticate first, then count (a rate-limited authenticated route counts only real callers).
    { provide: APP_GUARD, useClass: AccessTokenGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: PasswordHasher, useClass: Argon2PasswordHasher },
    { provide: AccessTokenSigner, useClass: JwtAccessTokenSigner },
    { provide: UserAccounts, useClass: SqlUserAccounts },
    { provide: RefreshTokenStore, useClass: SqlRefreshTokenStore },
    { provide: LoginFailureLog, useClass: SqlLoginFailureLog },
    { provide: CodeTryLog, useClass: SqlCodeTryLog },
    { provide: PasswordResetTokens, useClass: SqlPasswordResetTokens },
    { provide: UserBalances, useClass: SqlUserBalances },
    UserInfoBuilder,
    SessionTokens,
    CodeMailer,
    CodeTryThrottle,
    RegisterUser,
    ResendVerificationCode,
    VerifyEmail,
    VerifyEmailSignIn,
    LogIn,
    RefreshSession,
    LogOut,
    SendPasswordResetCode,
    VerifyPasswordResetCode,
    ResetPassword,
    ChangePassword,
    RevokeUserSessions,
    BootstrapAdmin,
    { provide: MfaStore, useClass: SqlMfaStore },
    { provide: AuthSessions, useClass: SqlAuthSessions },
    { provide: ApiTokenStore, useClass: SqlApiTokenStore },
    MfaCodes,
    SecurityAlerts,
    SignIn,
    CompleteMfaLogin,
    GetMfaStatus,
    SetUpMfa,
    EnableMfa,
    DisableMfa,
    ListSessions,
    RevokeSessions,
    ManageApiTokens,
  ],
  exports: [JwtModule, ActiveUserCheck, UserAccessCache, RevokeUserSessions, SessionTokens, PasswordHasher, BootstrapAdmin, MfaCodes, SecurityAlerts],
})
export class AuthModule {}
