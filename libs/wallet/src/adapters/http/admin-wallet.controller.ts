import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiBearerAuth, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@mirrorline/auth';
import { DomainError } from '@mirrorline/shared';
import type { Decision } from '../../domain/wallet-transaction';
import { DecideTransactionUseCase } from '../../application/use-cases/decide-transaction/decide-transaction.use-case';
import { GetWalletsOverviewUseCase } from '../../application/use-cases/get-wallets-overview/get-wallets-overview.use-case';
import { ListTransactionsUseCase } from '../../application/use-cases/list-transactions/list-transactions.use-case';
import { AdminTransactionsQueryDto, DecisionRequestDto, WalletsQueryDto } from './dto/wallet.request.dto';
import {
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
