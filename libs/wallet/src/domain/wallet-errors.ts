import { DomainError } from '@mirrorline/shared';

/** A user account would go below zero (the ledger's CHECK, SQLSTATE 23514). */
export const insufficientFunds = () => new DomainError('WALLET.INSUFFICIENT_FUNDS', 'Insufficient funds', 'conflict');

/** A deposit cannot be credited to a deleted account (the admin rejects it instead). */
export const accountDeleted = () =>
  new DomainError('WALLET.ACCOUNT_DELETED', "The account was deleted: this deposit cannot be approved, reject it instead", 'conflict');

/** A withdrawal goes only to a saved address whose cooldown has passed (product.md §10); nothing is held. */
export const destinationNotAllowed = () =>
  new DomainError(
    'WALLET.DESTINATION_NOT_ALLOWED',
    'Withdrawals go only to a saved withdrawal address, once its waiting period has passed',
    'conflict',
  );
