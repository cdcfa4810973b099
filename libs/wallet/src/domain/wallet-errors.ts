import { DomainError } from '@mirrorline/shared';

/** A user account would go below zero (the ledger's CHECK, SQLSTATE 23514). */
export const insufficientFunds = () => new DomainError('WALLET.INSUFFICIENT_FUNDS', 'Insufficient funds', 'conflict');
