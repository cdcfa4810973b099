import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiBearerAuth, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiOperation, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@mirrorline/auth';
import { DomainError } from '@mirrorline/shared';
import type { Decision } from '../../domain/wallet-transaction';
import { DecideTransactionUseCase } from '../../application/use-cases/decide-transaction/decide-transaction.use-case';
import { GetWalletsOverviewUseCase } from '../../application/use-cases/get-wallets-overview/get-wallets-overview.use-case';
import { ListTransactionsUseCase } from '../../application/use-cases/list-transactions/list-transactions.use-case';
import { BankTransfersUseCase } from '../../application/use-cases/bank-transfers/bank-transfers.use-case';
import { AdminTransactionsQueryDto, DecisionRequestDto, MatchTransferRequestDto, WalletsQueryDto } from './dto/wallet.request.dto';
import {
  MatchedTransferResponseDto,
  ReferenceHolderDto,
  toTransactionResponse,
  toWalletsOverviewResponse,
  TransactionsPageResponseDto,
  WalletsOverviewResponseDto,
  WalletTransactionResponseDto,
} from './dto/wallet.response.dto';
import { Idempotent } from './idempotency.interceptor';

const TransactionId = new ParseUUIDPipe({
  exceptionFactory: () => new DomainError('VALIDATION_FAILED', 'id must be a UUID', 'validation', { errors: { id: ['id must be a UUID'] } }),
});

@ApiTags('admin wallet')
@ApiBearerAuth('bearer')
@Roles('Admin')
@Controller('admin')
export class AdminWalletController {
  constructor(
    private readonly listTransactions: ListTransactionsUseCase,
    private readonly decideTransaction: DecideTransactionUseCase,
    private readonly walletsOverview: GetWalletsOverviewUseCase,
    private readonly bankTransfers: BankTransfersUseCase,
  ) {}

  @Get('transactions')
  @ApiOkResponse({ type: TransactionsPageResponseDto })
  @ApiOperation({ summary: 'Every deposit and withdrawal request (Admin)', description: 'Paged, newest first, filterable by status and type, with the user\'s name and email.' })
  async transactions(@Query() query: AdminTransactionsQueryDto): Promise<TransactionsPageResponseDto> {
    const page = await this.listTransactions.execute(
      { status: query.status, type: query.type, userId: query.userId },
      { page: query.page, limit: query.limit },
    );
    return { transactions: page.items.map(toTransactionResponse), total: page.total, page: page.page, limit: page.limit };
  }

  @Post('transactions/:id/approve')
  @HttpCode(200)
  @Idempotent()
  @ApiOkResponse({ type: WalletTransactionResponseDto, description: 'deposit credited (platform → cash) or withdrawal paid out (held → platform)' })
  @ApiConflictResponse({ description: 'WALLET.TRANSACTION_NOT_PENDING; WALLET.ACCOUNT_DELETED (a deposit of a deleted account: reject it)' })
  @ApiNotFoundResponse({ description: 'WALLET.TRANSACTION_NOT_FOUND' })
  @ApiOperation({ summary: 'Approve a request (Admin)', description: 'A deposit credits the cash; a withdrawal lets the held amount leave. One ledger transaction, audited. Nobody approves their own request. Idempotency-Key recommended.' })
  approve(@CurrentUser() admin: AuthenticatedUser, @Param('id', TransactionId) id: string, @Body() body: DecisionRequestDto, @Req() req: Request) {
    return this.decide('approve', admin, id, body, req);
  }

  @Post('transactions/:id/reject')
  @HttpCode(200)
  @Idempotent()
  @ApiOkResponse({ type: WalletTransactionResponseDto, description: 'request refused; a withdrawal’s held funds return to cash' })
  @ApiConflictResponse({ description: 'WALLET.TRANSACTION_NOT_PENDING' })
  @ApiNotFoundResponse({ description: 'WALLET.TRANSACTION_NOT_FOUND' })
  @ApiOperation({ summary: 'Reject a request (Admin)', description: 'A deposit is dropped; a withdrawal\'s held amount returns to cash. Audited, with an optional note; the user is notified.' })
  reject(@CurrentUser() admin: AuthenticatedUser, @Param('id', TransactionId) id: string, @Body() body: DecisionRequestDto, @Req() req: Request) {
    return this.decide('reject', admin, id, body, req);
  }

  @Get('wallets')
  @ApiOkResponse({ type: WalletsOverviewResponseDto })
  @ApiOperation({ summary: 'Every user\'s wallet and the platform totals (Admin)', description: 'Balances per user, paged, plus platform totals and the ledger check (every account\'s balance equals the sum of its entries).' })
  async wallets(@Query() query: WalletsQueryDto): Promise<WalletsOverviewResponseDto> {
    return toWalletsOverviewResponse(await this.walletsOverview.execute({ page: query.page, limit: query.limit }, query.search));
  }

  @Get('deposit-references/:reference')
  @ApiOkResponse({ type: ReferenceHolderDto })
  @ApiNotFoundResponse({ description: 'WALLET.REFERENCE_NOT_FOUND' })
  @ApiOperation({ summary: 'Who a deposit reference belongs to (Admin)', description: 'The user behind the reference of an incoming bank transfer, to confirm before matching it. Spaces, dashes and letter case are ignored.' })
  referenceHolder(@Param('reference') reference: string): Promise<ReferenceHolderDto> {
    return this.bankTransfers.holder(reference);
  }

  @Post('bank-transfers')
  @HttpCode(201)
  @Idempotent()
  @ApiCreatedResponse({ type: MatchedTransferResponseDto, description: 'the transfer became an Approved deposit: platform_deposits → the user\'s cash' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN (the reference is my own); KYC_REQUIRED (the user is not Verified)' })
  @ApiNotFoundResponse({ description: 'WALLET.REFERENCE_NOT_FOUND' })
  @ApiConflictResponse({ description: 'WALLET.TRANSFER_ALREADY_MATCHED (this bankTxId was credited before: nothing happens); WALLET.ACCOUNT_BLOCKED; WALLET.ACCOUNT_DELETED' })
  @ApiUnprocessableEntityResponse({ description: 'WALLET.DEPOSIT_LIMIT (outside DEPOSIT_MIN_AMOUNT…DEPOSIT_MAX_AMOUNT); IDEMPOTENCY_KEY_REUSED' })
  @ApiOperation({ summary: 'Match an incoming bank transfer (Admin)', description: 'Credits the wallet of the user whose reference the transfer carries, once per bank transaction id, in one transaction with its ledger posting and audit entry (wallet.approve). Nobody credits their own account. Idempotency-Key recommended: a retry with it replays the answer.' })
  async matchTransfer(@CurrentUser() admin: AuthenticatedUser, @Body() body: MatchTransferRequestDto, @Req() req: Request): Promise<MatchedTransferResponseDto> {
    const { transaction, holder } = await this.bankTransfers.match({
      reference: body.reference,
      amount: body.amount,
      bankTxId: body.bankTxId,
      adminId: admin.userId,
      impersonatedBy: admin.impersonatedBy,
      ip: req.ip ?? null,
    });
    return { transaction: toTransactionResponse(transaction.snapshot()), user: holder };
  }

  private async decide(decision: Decision, admin: AuthenticatedUser, id: string, body: DecisionRequestDto, req: Request): Promise<WalletTransactionResponseDto> {
    const transaction = await this.decideTransaction.execute({
      transactionId: id,
      decision,
      adminId: admin.userId,
      impersonatedBy: admin.impersonatedBy,
      note: body.note,
      // req.ip honours the app's trust proxy setting; a raw X-Forwarded-For could be forged by anyone.
      ip: req.ip ?? null,
    });
    return toTransactionResponse(transaction.snapshot());
  }
}
