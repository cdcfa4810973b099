import { forwardRef, Module } from '@nestjs/common';
import { AuthModule } from '@mirrorline/auth';
import { AuditModule } from '@mirrorline/audit';
import { KycModule } from '@mirrorline/kyc';
import { WalletModule } from '@mirrorline/wallet';
import { UsersModule } from './users.module';
import { UserRepository } from './application/ports/user.repository';
import { AccountBalances } from './application/ports/account-balances';
import { BalanceAdjuster } from './application/ports/balance-adjuster';
import { TraderProfiles } from './application/ports/trader-profiles';
import { UserCopies } from './application/ports/user-copies';
import { SessionRevoker } from './application/ports/session-revoker';
import { PasswordHasher } from './application/ports/password-hasher';
import { AccessTokenIssuer } from './application/ports/access-token-issuer';
import { AdminOverviewQuery } from './application/ports/admin-overview.query';
import { UserInfoAssembler } from './application/services/user-info.assembler';
import { GetMyProfileUseCase } from './application/use-cases/get-my-profile/get-my-profile.use-case';
import { ListUsersUseCase } from './application/use-cases/list-users/list-users.use-case';
import { CreateUserUseCase } from './application/use-cases/create-user/create-user.use-case';
import { BlockUserUseCase } from './application/use-cases/block-user/block-user.use-case';
import { DeleteUserUseCase } from './application/use-cases/delete-user/delete-user.use-case';
import { UpdateUserUseCase } from './application/use-cases/update-user/update-user.use-case';
import { AdjustUserBalanceUseCase } from './application/use-cases/adjust-user-balance/adjust-user-balance.use-case';
import { GetAdminOverviewUseCase } from './application/use-cases/get-admin-overview/get-admin-overview.use-case';
import { ImpersonateUserUseCase } from './application/use-cases/impersonate-user/impersonate-user.use-case';
import { VerifyAdminCredentialsUseCase } from './application/use-cases/verify-admin-credentials/verify-admin-credentials.use-case';
import { MikroOrmUserRepository } from './adapters/persistence/mikro-orm-user.repository';
import { SqlAccountBalances } from './adapters/persistence/sql-account-balances';
import { CopyTradingTraderProfiles } from './adapters/copy-trading/copy-trading-trader-profiles';
import { SqlUserCopies } from './adapters/persistence/sql-user-copies';
import { SqlProfileFacts } from './adapters/persistence/sql-profile-facts';
import { ProfileFactsReader } from './application/ports/profile-facts';
import { SqlAdminOverviewQuery } from './adapters/persistence/sql-admin-overview.query';
import { WalletBalanceAdjuster } from './adapters/ledger/wallet-balance-adjuster';
import { Argon2PasswordHasher } from './adapters/security/argon2-password-hasher';
import { AuthAccessTokenIssuer } from './adapters/auth/auth-access-token-issuer';
import { AuthSessionRevoker } from './adapters/auth/auth-session-revoker';
import { UsersController } from './adapters/http/users.controller';
import { AdminController } from './adapters/http/admin.controller';

/**
 * User management (product.md §6 "Users"): profile, admin user table, block/delete/update,
 * admin overview and impersonation. Kept apart from UsersModule (the entity only), which the auth
 * context imports, so that this module may depend on auth, wallet, KYC and audit without a cycle.
 * WalletModule stays a forward reference: user management and the wallet load each other's
 * index during start-up, and a CommonJS cycle could otherwise leave WalletModule undefined here.
 */
@Module({
  imports: [UsersModule, AuthModule, AuditModule, KycModule, forwardRef(() => WalletModule)],
  controllers: [UsersController, AdminController],
  providers: [
    { provide: UserRepository, useClass: MikroOrmUserRepository },
    { provide: AccountBalances, useClass: SqlAccountBalances },
    { provide: BalanceAdjuster, useClass: WalletBalanceAdjuster },
    { provide: TraderProfiles, useClass: CopyTradingTraderProfiles },
    { provide: UserCopies, useClass: SqlUserCopies },
    { provide: ProfileFactsReader, useClass: SqlProfileFacts },
    { provide: SessionRevoker, useClass: AuthSessionRevoker },
    { provide: PasswordHasher, useClass: Argon2PasswordHasher },
    { provide: AccessTokenIssuer, useClass: AuthAccessTokenIssuer },
    { provide: AdminOverviewQuery, useClass: SqlAdminOverviewQuery },
    UserInfoAssembler,
    GetMyProfileUseCase,
    ListUsersUseCase,
    CreateUserUseCase,
    BlockUserUseCase,
    DeleteUserUseCase,
    UpdateUserUseCase,
    AdjustUserBalanceUseCase,
    GetAdminOverviewUseCase,
    ImpersonateUserUseCase,
    VerifyAdminCredentialsUseCase,
  ],
  exports: [BlockUserUseCase, UpdateUserUseCase, VerifyAdminCredentialsUseCase],
})
export class UserManagementModule {}
