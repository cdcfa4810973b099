import { Module } from '@nestjs/common';
import { CopyTradingModule } from '@mirrorline/copy-trading';
import { DemoTradingBot } from './demo-trading-bot';

/** The demo traders' live trading (DEMO_TRADING): the bot, driving copy trading's public use cases. */
@Module({
  imports: [CopyTradingModule],
  providers: [DemoTradingBot],
  exports: [DemoTradingBot],
})
export class DemoModule {}
