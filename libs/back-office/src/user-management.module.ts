import { Module } from '@nestjs/common';
import { AuthModule } from '@mirrorline/auth';
import { AuditModule } from '@mirrorline/audit';
import { KycModule } from '@mirrorline/kyc';
import { WalletModule } from '@mirrorline/wallet';
import { AccountsModule } from '@mirrorline/accounts';
import { AccountBalances } from './application/ports/account-balances';
import { BalanceAdjuster } from './application/ports/balance-adjuster';
import { TraderProfiles } from './application/ports/trader-profiles';
import { UserCopies } from './application/ports/user-copies';
import { AdminOverviewQuery } from './application/ports/admin-overview.query';
import { UserInfoAssembler } from './application/services/user-info.assembler';
import { GetMyProfileUseCase } from './application/use-cases/get-my-profile/get-my-profile.use-case';
import { ListUsersUseCase } from './application/use-cases/list-users/list-users.use-case';
import { CreateUserUseCase } from './application/use-cases/create-user/create-user.use-case';
import { BlockUserUseCase } from './application/use-cases/block-user/block-user.use-case';
import { DeleteUserUseCase } from './application/use-cases/delete-user/delete-user.use-case';
import { UpdateUserUseCase } from './application/use-cases/update-user/update-user.use-case';
import { RequestBalanceAdjustmentUseCase } from './application/use-cases/request-balance-adjustment/request-balance-adjustment.use-case';
import { DecideApprovalRequestUseCase } from './application/use-cases/decide-approval-request/decide-approval-request.use-case';
import { ListApprovalRequestsUseCase } from './application/use-cases/list-approval-requests/list-approval-requests.use-case';
import { GrantAdminFromShellUseCase } from './application/use-cases/grant-admin-from-shell/grant-admin-from-shell.use-case';
import { AdminGrantRequests } from './application/services/admin-grant-requests';
import { ApprovalRequests } from './application/ports/approval-requests';
import { SqlApprovalRequests } from './adapters/persistence/sql-approval-requests';
import { ApprovalsController } from './adapters/http/approvals.controller';
import { GetAdminOverviewUseCase } from './application/use-cases/get-admin-overview/get-admin-overview.use-case';
import { ImpersonateUserUseCase } from './application/use-cases/impersonate-user/impersonate-user.use-case';
import { VerifyAdminCredentialsUseCase } from './application/use-cases/verify-admin-credentials/verify-admin-credentials.use-case';
import { SqlAccountBalances } from './adapters/persistence/sql-account-balances';
import { CopyTradingTraderProfiles } from './adapters/copy-trading/copy-trading-trader-profiles';
import { SqlUserCopies } from './adapters/persistence/sql-user-copies';
import { SqlAdminOverviewQuery } from './adapters/persistence/sql-admin-overview.query';
import { WalletBalanceAdjuster } from './adapters/ledger/wallet-balance-adjuster';
import { UsersController } from './adapters/http/users.controller';
import { AdminController } from './adapters/http/admin.controller';

/**
 * User management (product.md §6 "Users"): profile, admin user table, block/delete/update, admin overview,
 * impersonation, approvals and balance adjustments, over accounts' UserRepository (AccountsModule). The back
 * office is the last lib in docs/lib-order.json: it reaches auth (SessionRevoker, AccessTokenIssuer), KYC
 * (KycAdministration), the wallet, copy trading and audit, and none of them imports it.
 */
@Module({
  imports: [AccountsModule, AuthModule, AuditModule, KycModule, WalletModule],
  controllers: [UsersController, AdminController, ApprovalsController],
  providers: [
    { provide: AccountBalances, useClass: SqlAccountBalances },
    { provide: BalanceAdjuster, useClass: WalletBalanceAdjuster },
    { provide: TraderProfiles, useClass: CopyTradingTraderProfiles },
    { provide: UserCopies, useClass: SqlUserCopies },
    { provide: AdminOverviewQuery, useClass: SqlAdminOverviewQuery },
    { provide: ApprovalRequests, useClass: SqlApprovalRequests },
    AdminGrantRequests,
    UserInfoAssembler,
    GetMyProfileUseCase,
    ListUsersUseCase,
    CreateUserUseCase,
    BlockUserUseCase,
    DeleteUserUseCase,
    UpdateUserUseCase,
    RequestBalanceAdjustmentUseCase,
    DecideApprovalRequestUseCase,
    ListApprovalRequestsUseCase,
    GrantAdminFromShellUseCase,
    GetAdminOverviewUseCase,
    ImpersonateUserUseCase,
    VerifyAdminCredentialsUseCase,
  ],
  exports: [BlockUserUseCase, UpdateUserUseCase, VerifyAdminCredentialsUseCase],
})
export class UserManagementModule {}
