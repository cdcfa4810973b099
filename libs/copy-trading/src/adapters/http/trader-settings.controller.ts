import { Body, Controller, Patch } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@mirrorline/auth';
import { ResolveTraderUseCase } from '../../application/use-cases/resolve-trader/resolve-trader.use-case';
import { UpdateTraderProfileUseCase } from '../../application/use-cases/update-trader-profile/update-trader-profile.use-case';
import { minCopyCents, UpdateTraderSettingsDto } from './dto/copy-trading.dto';
import { TraderSettingsDto } from './dto/copy-trading.response.dto';

/** A trader's copy settings (product.md §12.3): the minimum copy amount and the maximum number of copiers. */
@ApiTags('trader')
@ApiBearerAuth('bearer')
@Controller('trader')
export class TraderSettingsController {
  constructor(
    private readonly resolveTrader: ResolveTraderUseCase,
    private readonly updateProfile: UpdateTraderProfileUseCase,
  ) {}

  @Roles('Trader')
  @Patch('settings')
  @ApiOkResponse({ type: TraderSettingsDto })
  @ApiOperation({
    summary: 'My copy settings (Trader)',
    description:
      'minCopyAmount (≥ 10.00): a follow below it answers 400 COPY.AMOUNT_TOO_SMALL; maxCopiers (1–1,000,000): with as many live copies the trader is Full and a follow answers 409 COPY.TRADER_FULL. Copies already running are not touched.',
  })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: not a Trader; TRADER.NO_PROFILE' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: minCopyAmount below 10.00 or not an amount, maxCopiers out of range, an unknown field' })
  async update(@CurrentUser() user: AuthenticatedUser, @Body() body: UpdateTraderSettingsDto): Promise<TraderSettingsDto> {
    const minCopyAmount = body.minCopyAmount === undefined ? undefined : minCopyCents(body.minCopyAmount);
    // Own profile only: an Admin acts through the admin screens, not as a trader here.
    const traderId = await this.resolveTrader.execute({ ...user, roles: user.roles.filter((r) => r !== 'Admin') });
    const trader = await this.updateProfile.execute({ traderId, patch: { minCopyAmount, maxCopiers: body.maxCopiers } });
    return { minCopyAmount: trader.minCopyAmount, maxCopiers: trader.maxCopiers, copiers: trader.copiers, full: trader.full };
  }
}
