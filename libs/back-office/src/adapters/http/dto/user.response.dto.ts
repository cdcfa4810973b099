import { ApiProperty } from '@nestjs/swagger';
import { KYC_STATUSES, ROLES } from '@mirrorline/accounts';
import { APPROVAL_KINDS, APPROVAL_STATUSES } from '../../../domain/approval-request';

/** Response schemas of the users routes (Swagger only; the presenter builds the bodies). */

/** What waits for a second admin's approval for a user (four eyes). */
export class PendingApprovalDto {
  @ApiProperty({ type: String, format: 'uuid' }) id!: string;
  @ApiProperty({ enum: APPROVAL_KINDS }) kind!: string;
  @ApiProperty({ type: String, nullable: true, example: '-25.50', description: 'the signed amount of a balance adjustment; null for a grant of the Admin role' }) amount!: string | null;
}

export class UserRowDto {
  @ApiProperty({ type: String, format: 'uuid' }) _id!: string;
  @ApiProperty({ type: String, example: 'jane' }) username!: string;
  @ApiProperty({ type: String, example: 'Jane' }) firstname!: string;
  @ApiProperty({ type: String, example: 'Doe' }) lastname!: string;
  @ApiProperty({ type: String, format: 'email' }) email!: string;
  @ApiProperty({ enum: ROLES, isArray: true }) roles!: string[];
  @ApiProperty({ type: 'integer', nullable: true, description: 'the trader profile id (Trader role), else null' }) traderID!: number | null;
  @ApiProperty({ enum: KYC_STATUSES }) KYC!: string;
  @ApiProperty({ type: String, example: '1250.50', description: 'free cash' }) balance!: string;
  @ApiProperty({ type: String, example: '300.00', description: 'equity allocated to copies' }) tradingBalance!: string;
  @ApiProperty({ type: Boolean, description: 'email verified' }) verified!: boolean;
  @ApiProperty({ type: Boolean }) blocked!: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: () => [PendingApprovalDto], description: 'requests for this user waiting for another admin: a grant of the Admin role, balance adjustments' })
  pendingApprovals!: PendingApprovalDto[];
}

export class UsersPageDto {
  @ApiProperty({ type: () => [UserRowDto] }) users!: UserRowDto[];
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) page!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
}

export class UserMessageDto {
  @ApiProperty({ type: String, example: 'User deleted successfully' }) message!: string;
}

export class UserCreatedDto {
  @ApiProperty({ type: String, example: 'User created successfully' }) message!: string;
  @ApiProperty({ type: () => UserRowDto, description: 'without the Admin role until another admin approves it (see pendingApprovals)' }) user!: UserRowDto;
}

export class BlockedUserDto {
  @ApiProperty({ type: String, format: 'uuid' }) _id!: string;
  @ApiProperty({ type: String }) username!: string;
  @ApiProperty({ type: String, format: 'email' }) email!: string;
  @ApiProperty({ type: Boolean }) blocked!: boolean;
}

export class UserBlockedDto {
  @ApiProperty({ type: String, example: 'User blocked successfully' }) message!: string;
  @ApiProperty({ type: () => BlockedUserDto }) user!: BlockedUserDto;
}

export class UserUpdatedDto {
  @ApiProperty({ type: String, example: 'User updated successfully', description: '"No changes to update" when nothing differed' }) message!: string;
  @ApiProperty({ enum: ['roles', 'KYC'], isArray: true, description: 'the fields that changed now' }) changed!: string[];
  @ApiProperty({ enum: ['roles', 'balance'], isArray: true, description: 'what waits for another admin\'s approval: the Admin role, the balance (four eyes)' })
  requested!: string[];
  @ApiProperty({ type: () => UserRowDto }) user!: UserRowDto;
}

export class ProfileCopyDto {
  @ApiProperty({ type: String, format: 'uuid' }) id!: string;
  @ApiProperty({ type: 'integer' }) traderId!: number;
  @ApiProperty({ type: String }) status!: string;
  @ApiProperty({ type: String, example: '300.00' }) equity!: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
}

/** GET user/get: the seed's UserInfo plus live data. */
export class ProfileDto {
  @ApiProperty({ type: String, format: 'uuid' }) _id!: string;
  @ApiProperty({ type: String, format: 'uuid' }) userId!: string;
  @ApiProperty({ type: Boolean, description: 'email verified' }) verified!: boolean;
  @ApiProperty({ type: String, format: 'email' }) email!: string;
  @ApiProperty({ type: String }) username!: string;
  @ApiProperty({ type: String }) firstname!: string;
  @ApiProperty({ type: String }) lastname!: string;
  @ApiProperty({ type: 'integer', nullable: true }) traderID!: number | null;
  @ApiProperty({ type: [String] }) copyID!: string[];
  @ApiProperty({ type: String, example: '1250.50' }) balance!: string;
  @ApiProperty({ type: String, example: '300.00' }) tradingBalance!: string;
  @ApiProperty({ type: String, example: '312.40', description: 'tradingBalance + unrealized pnl of the open copied positions' }) liveTradingBalance!: string;
  @ApiProperty({ enum: ROLES, isArray: true }) roles!: string[];
  @ApiProperty({ type: Boolean }) kycverified!: boolean;
  @ApiProperty({ enum: KYC_STATUSES }) kycstring!: string;
  @ApiProperty({ enum: KYC_STATUSES }) KYC!: string;
  @ApiProperty({ type: 'integer' }) copiedTrades!: number;
  @ApiProperty({ type: String, example: '0.00', description: 'withdrawals awaiting approval' }) held!: string;
  @ApiProperty({ type: Boolean }) blocked!: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: () => [ProfileCopyDto] }) copies!: ProfileCopyDto[];
}

export class MeDto {
  @ApiProperty({ type: () => ProfileDto }) user!: ProfileDto;
}

export class AdminDetailsDto {
  @ApiProperty({ type: 'integer' }) users!: number;
  @ApiProperty({ type: 'integer' }) verified!: number;
  @ApiProperty({ type: 'integer' }) blocked!: number;
  @ApiProperty({ type: 'integer' }) kycPending!: number;
  @ApiProperty({ type: 'integer' }) kycVerified!: number;
  @ApiProperty({ type: 'integer' }) traders!: number;
  @ApiProperty({ type: 'integer' }) admins!: number;
  @ApiProperty({ type: 'integer' }) copies!: number;
  @ApiProperty({ type: 'integer' }) activeCopies!: number;
  @ApiProperty({ type: String, example: '15000.00' }) totalCash!: string;
  @ApiProperty({ type: String, example: '4200.00' }) totalTradingBalance!: string;
  @ApiProperty({ type: String, example: '100.00' }) totalHeld!: string;
  @ApiProperty({ type: 'integer' }) pendingDeposits!: number;
  @ApiProperty({ type: 'integer' }) pendingWithdrawals!: number;
  @ApiProperty({ type: 'integer', description: 'four-eyes requests waiting for a second admin' }) pendingApprovals!: number;
  @ApiProperty({ type: String, example: '50.00' }) pendingDepositsAmount!: string;
  @ApiProperty({ type: String, example: '100.00' }) pendingWithdrawalsAmount!: string;
}

export class ImpersonationTokenDto {
  @ApiProperty({ type: String, description: 'an access token for the user; its claims carry the admin\'s id' }) accessToken!: string;
}

export class ApprovalTargetDto {
  @ApiProperty({ type: String, format: 'uuid' }) _id!: string;
  @ApiProperty({ type: String }) username!: string;
  @ApiProperty({ type: String, format: 'email' }) email!: string;
}

/** A request that takes effect only when a different Admin approves it (product.md §11.4). */
export class ApprovalRequestDto {
  @ApiProperty({ type: String, format: 'uuid' }) id!: string;
  @ApiProperty({ enum: APPROVAL_KINDS }) kind!: string;
  @ApiProperty({ enum: APPROVAL_STATUSES }) status!: string;
  @ApiProperty({ type: String, nullable: true, example: '125.55', description: 'balance adjustment: the signed amount; null for a grant' }) amount!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Goodwill credit' }) reason!: string | null;
  @ApiProperty({ type: () => ApprovalTargetDto, description: 'the user the request would give power or money' }) target!: ApprovalTargetDto;
  @ApiProperty({ type: String, format: 'uuid', description: 'the admin who asked' }) requestedBy!: string;
  @ApiProperty({ type: String }) requestedByUsername!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'the admin who approved or rejected it' }) decidedBy!: string | null;
  @ApiProperty({ type: String, nullable: true }) decidedByUsername!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) decidedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'an approved adjustment\'s ledger transaction' }) ledgerTransactionId!: string | null;
}

export class ApprovalRequestsPageDto {
  @ApiProperty({ type: () => [ApprovalRequestDto] }) items!: ApprovalRequestDto[];
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) page!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
}

export class ApprovalDecidedDto {
  @ApiProperty({ type: String, example: 'Request approved' }) message!: string;
  @ApiProperty({ type: () => ApprovalRequestDto }) request!: ApprovalRequestDto;
}

export class BalanceAdjustmentRequestedDto {
  @ApiProperty({ type: String, example: 'Balance adjustment requested: another admin must approve it' }) message!: string;
  @ApiProperty({ type: () => ApprovalRequestDto }) request!: ApprovalRequestDto;
}
