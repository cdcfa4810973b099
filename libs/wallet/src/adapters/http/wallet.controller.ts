import { Body, Controller, Delete, Get, Headers, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse, ApiOperation, ApiNotFoundResponse } from '@nestjs/swagger';
import { CurrentUser, MfaCodes, NoApiToken, NotImpersonated, type AuthenticatedUser } from '@mirrorline/auth';
import { ManageWithdrawalAddressesUseCase } from '../../application/use-cases/manage-withdrawal-addresses/manage-withdrawal-addresses.use-case';
import { GetWalletUseCase } from '../../application/use-cases/get-wallet/get-wallet.use-case';
import { ListTransactionsUseCase } from '../../application/use-cases/list-transactions/list-transactions.use-case';
import { BankTransfersUseCase } from '../../application/use-cases/bank-transfers/bank-transfers.use-case';
import { RequestDepositUseCase } from '../../application/use-cases/request-deposit/request-deposit.use-case';
import { RequestWithdrawalUseCase } from '../../application/use-cases/request-withdrawal/request-withdrawal.use-case';
import { formatCents } from '@mirrorline/shared';
import { PageQueryDto } from '@mirrorline/shared/nest';
import { LedgerInspector } from '../../application/ports/ledger-inspector';
import { DepositRequestDto, WithdrawalAddressRequestDto, WithdrawRequestDto } from './dto/wallet.request.dto';
import {
  CreatedWithdrawalAddressDto,
  DepositInstructionsDto,
  StatementPageDto,
  toTransactionResponse,
  toWalletResponse,
  TransactionsPageResponseDto,
  WalletResponseDto,
  WalletMessageDto,
  WalletTransactionResponseDto,
  WithdrawalAddressesDto,
} from './dto/wallet.response.dto';
import { Idempotent } from './idempotency.interceptor';

const MFA_HEADER = 'x-mfa-code';

@ApiTags('wallet')
@ApiBearerAuth('bearer')
@Controller('wallet')
export class WalletController {
  constructor(
    private readonly getWallet: GetWalletUseCase,
    private readonly listTransactions: ListTransactionsUseCase,
    private readonly requestDeposit: RequestDepositUseCase,
    private readonly requestWithdrawal: RequestWithdrawalUseCase,
    private readonly addresses: ManageWithdrawalAddressesUseCase,
    private readonly mfa: MfaCodes,
    private readonly inspector: LedgerInspector,
    private readonly bankTransfers: BankTransfersUseCase,
  ) {}

  @Get()
  @ApiOkResponse({ type: WalletResponseDto, description: 'balances and the 10 latest deposit/withdrawal requests' })
  @ApiOperation({ summary: 'My wallet', description: 'Free cash, equity allocated to copies (also marked to the market), funds held by pending withdrawals, and the 10 latest deposit and withdrawal requests. Balances derive from the ledger.' })
  async wallet(@CurrentUser() user: AuthenticatedUser): Promise<WalletResponseDto> {
    return toWalletResponse(await this.getWallet.execute(user.userId));
  }

  @Get('transactions')
  @ApiOkResponse({ type: TransactionsPageResponseDto })
  @ApiOperation({ summary: 'My deposit and withdrawal requests', description: 'Paged, newest first, with their status (Pending, Approved, Rejected) and decision time.' })
  async transactions(@CurrentUser() user: AuthenticatedUser, @Query() query: PageQueryDto): Promise<TransactionsPageResponseDto> {
    const page = await this.listTransactions.execute({ userId: user.userId }, { page: query.page, limit: query.limit });
    return { transactions: page.items.map(toTransactionResponse), total: page.total, page: page.page, limit: page.limit };
  }

  /** Every ledger movement of the caller (deposits, withdrawals, copy allocations and returns, copied pnl, profit share, adjustments), newest first. */
  @Get('statement')
  @ApiOkResponse({ type: StatementPageDto, description: 'ledger entries on the caller\'s cash, held and copy-equity accounts, newest first' })
  @ApiOperation({ summary: 'My ledger statement', description: 'Every ledger movement on my cash, held and copy-equity accounts (deposits, withdrawals, copy allocations and returns, copied pnl, profit share, admin adjustments), newest first, with signed amounts.' })
  async statement(@CurrentUser() user: AuthenticatedUser, @Query() query: PageQueryDto) {
    const page = await this.inspector.statement(user.userId, { page: query.page ?? 1, limit: query.limit ?? 20 });
    return { ...page, items: page.items.map((l) => ({ ...l, time: l.time.toISOString(), amount: formatCents(l.amount) })) };
  }

  @Get('deposit/instructions')
  @ApiOkResponse({ type: DepositInstructionsDto })
  @ApiOperation({ summary: 'How to deposit by bank transfer', description: 'My own payment reference (made on the first read, then always the same), the account to send to, the limits of one transfer and the expected time. An admin credits the transfer when it arrives, by its reference.' })
  depositInstructions(@CurrentUser() user: AuthenticatedUser): Promise<DepositInstructionsDto> {
    return this.bankTransfers.instructions(user.userId);
  }

  @Post('deposit')
  @HttpCode(201)
  @Idempotent()
  @ApiCreatedResponse({ type: WalletTransactionResponseDto, description: 'a Pending deposit; credited when an admin approves it' })
  @ApiForbiddenResponse({ description: 'KYC_REQUIRED: identity verification is not complete' })
  @ApiUnprocessableEntityResponse({ description: 'IDEMPOTENCY_KEY_REUSED' })
  @ApiOperation({ summary: 'Request a deposit', description: 'Creates a Pending deposit; the cash is credited when an admin approves it. Needs KYC Verified. Send an Idempotency-Key so a retry cannot request twice.' })
  async deposit(@CurrentUser() user: AuthenticatedUser, @Body() body: DepositRequestDto): Promise<WalletTransactionResponseDto> {
    const transaction = await this.requestDeposit.execute({ userId: user.userId, amount: body.amount });
    return toTransactionResponse(transaction.snapshot());
  }

  @Post('withdraw')
  @NotImpersonated()
  @NoApiToken()
  @HttpCode(201)
  @Idempotent()
  @ApiHeader({ name: MFA_HEADER, required: false, description: 'the 2FA code, required when 2FA is on' })
  @ApiCreatedResponse({ type: WalletTransactionResponseDto, description: 'a Pending withdrawal; the amount is held at once' })
  @ApiForbiddenResponse({ description: 'KYC_REQUIRED; MFA_REQUIRED (2FA on, no X-MFA-Code); TOKEN_SCOPE (API token)' })
  @ApiConflictResponse({ description: 'WALLET.INSUFFICIENT_FUNDS; WALLET.DESTINATION_NOT_ALLOWED (not a saved, cooled-down address: nothing held)' })
  @ApiUnprocessableEntityResponse({ description: 'IDEMPOTENCY_KEY_REUSED' })
  @ApiOperation({ summary: 'Request a withdrawal', description: 'Holds the amount at once and creates a Pending withdrawal to one of my saved, cooled-down addresses; an admin approves (money leaves) or rejects (the hold is released). 2FA users send X-MFA-Code. Idempotency-Key recommended.' })
  async withdraw(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: WithdrawRequestDto,
    @Headers(MFA_HEADER) mfaCode?: string,
  ): Promise<WalletTransactionResponseDto> {
    await this.mfa.requireForAction(user.userId, mfaCode);
    const transaction = await this.requestWithdrawal.execute({ userId: user.userId, amount: body.amount, destination: body.destination });
    return toTransactionResponse(transaction.snapshot());
  }

  @Get('addresses')
  @NoApiToken()
  @ApiOkResponse({ type: WithdrawalAddressesDto, description: 'the saved withdrawal addresses' })
  @ApiOperation({ summary: 'My withdrawal addresses', description: 'The saved destinations with the time each becomes usable (a new address waits WITHDRAWAL_ADDRESS_COOLDOWN seconds).' })
  listAddresses(@CurrentUser() user: AuthenticatedUser) {
    return this.addresses.list(user.userId);
  }

  @Post('addresses')
  @NotImpersonated()
  @NoApiToken()
  @HttpCode(201)
  @ApiHeader({ name: MFA_HEADER, required: false, description: 'the 2FA code, required when 2FA is on' })
  @ApiCreatedResponse({ type: CreatedWithdrawalAddressDto, description: 'the address: usable after WITHDRAWAL_ADDRESS_COOLDOWN seconds; mail + notification' })
  @ApiForbiddenResponse({ description: 'MFA_REQUIRED; TOKEN_SCOPE' })
  @ApiConflictResponse({ description: 'WALLET.ADDRESS_EXISTS, WALLET.ADDRESS_LIMIT' })
  @ApiOperation({ summary: 'Save a withdrawal address', description: 'Usable after the cool-down; a mail and a notification tell the owner. 2FA users send X-MFA-Code.' })
  async addAddress(@CurrentUser() user: AuthenticatedUser, @Body() body: WithdrawalAddressRequestDto, @Headers(MFA_HEADER) mfaCode?: string) {
    return { address: await this.addresses.add({ userId: user.userId, label: body.label, destination: body.destination, mfaCode }) };
  }

  @Delete('addresses/:id')
  @NotImpersonated()
  @NoApiToken()
  @HttpCode(200)
  @ApiOkResponse({ type: WalletMessageDto, description: 'deleted' })
  @ApiNotFoundResponse({ description: 'WALLET.ADDRESS_NOT_FOUND: not one of my addresses' })
  @ApiOperation({ summary: 'Delete a withdrawal address', description: 'Removes one of my saved addresses; pending withdrawals to it are not affected.' })
  deleteAddress(@CurrentUser() user: AuthenticatedUser, @Param('id', new ParseUUIDPipe()) id: string) {
    return this.addresses.remove(user.userId, id);
  }
}
