import { Module } from '@nestjs/common';
import { UserBalances } from '@mirrorline/auth';
import { WalletUserBalances } from './adapters/auth/wallet-user-balances';

/**
 * The wallet's answers to the auth context's ports. Auth sits below the wallet in the import order (the wallet
 * imports auth, not the other way round): apps/api's composition root re-exports this, so AuthModule finds them.
 */
@Module({
  providers: [{ provide: UserBalances, useClass: WalletUserBalances }],
  exports: [UserBalances],
})
export class WalletForAuthModule {}
