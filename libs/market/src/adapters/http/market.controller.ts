import type { Request, Response } from 'express';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Public } from '@mirrorline/auth';
import { ReadMarketUseCase } from '../../application/use-cases/read-market/read-market.use-case';
import { CandlesDto, CandlesQueryDto, InstrumentDto, QuoteDto, QuotesDto, SymbolsQueryDto } from './dto/market.dto';
import { MarketStreamHub } from './market-stream.hub';

@ApiTags('market')
@Public()
@Controller('market')
export class MarketController {
  constructor(
    private readonly read: ReadMarketUseCase,
    private readonly hub: MarketStreamHub,
  ) {}

  /** The catalogue with each instrument's session state, next opening, latest quote and change today. */
  @Get('instruments')
  @ApiOkResponse({ type: [InstrumentDto] })
  @ApiOperation({ summary: 'Tradable instruments', description: 'The catalogue with each instrument\'s session state, next opening, latest quote and change today.' })
  instruments() {
    return this.read.instruments();
  }

  @Get('quotes')
  @ApiOperation({ summary: 'Latest quotes (every instrument, or ?symbols=A,B)', description: 'Bid, ask and time of the latest quote per instrument; stale quotes are marked.' })
  @ApiOkResponse({ type: QuotesDto })
  @ApiBadRequestResponse({ description: 'MARKET.UNKNOWN_SYMBOL' })
  async quotes(@Query() query: SymbolsQueryDto) {
    return { quotes: await this.read.quotes(query.symbols) };
  }

  @Get('candles/:symbol')
  @ApiOperation({ summary: 'OHLC candles, oldest first, at most 1000 a call', description: 'For one symbol and interval, oldest first; `from`/`to` bound the range; at most 1000 candles a call.' })
  @ApiOkResponse({ type: CandlesDto })
  @ApiBadRequestResponse({ description: 'bad interval, from after to, limit out of 1..1000' })
  @ApiNotFoundResponse({ description: 'MARKET.UNKNOWN_SYMBOL' })
  candles(@Param('symbol') symbol: string, @Query() query: CandlesQueryDto) {
    return this.read.candles({ symbol, ...query });
  }

  /**
   * Server-Sent Events: first the current quote of each symbol, then a `quote` event per change (at most
   * 4 a second a symbol), a heartbeat comment every 15 s; `retry: 2000` for the browser's reconnect.
   */
  @Get('stream')
  @ApiOperation({ summary: 'Live quotes (text/event-stream; event `quote`)', description: 'First the current quote of each symbol, then a `quote` event per change (at most 4 a second a symbol) and a heartbeat every 15 s; `?symbols=` narrows it. At most 50 streams per client address.' })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ type: QuoteDto, description: 'an endless text/event-stream of `event: quote` with this data' })
  @ApiBadRequestResponse({ description: 'MARKET.UNKNOWN_SYMBOL in the list' })
  @ApiTooManyRequestsResponse({ description: 'MARKET.TOO_MANY_STREAMS: this client address already holds 50 streams (Retry-After)' })
  async stream(@Query() query: SymbolsQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    const symbols = await this.read.symbols(query.symbols);
    const snapshot = await this.read.latest(symbols);
    if (req.destroyed) return;
    this.hub.open(symbols, snapshot, req.ip ?? req.socket.remoteAddress ?? 'unknown', req, res);
  }
}
