import { Global, Module } from '@nestjs/common';
import { UserBalances } from '@mirrorline/auth';
import { WalletUserBalances } from './adapters/auth/wallet-user-balances';

/**
 * The wallet's answers to the auth context's ports. Global because auth sits below the wallet in the
 * import order (the wallet imports auth, not the other way round): AuthModule finds these by token.
 */
@Global()
@Module({
  providers: [{ provide: UserBalances, useClass: WalletUserBalances }],
  exports: [UserBalances],
})
export class WalletForAuthModule {}
