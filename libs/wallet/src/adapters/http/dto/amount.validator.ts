import { registerDecorator, type ValidationOptions } from 'class-validator';
import { isValidAmount } from '@mirrorline/shared';
import { AMOUNT_RULE } from '../../../domain/amount';

/** A money amount on the wire: a decimal string ("1250.50"), positive, ≤ 2 decimals, ≤ MAX_AMOUNT_CENTS. */
export function IsAmount(options: ValidationOptions = {}) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isAmount',
      target: target.constructor,
      propertyName,
      options: { message: `${propertyName} must be ${AMOUNT_RULE}`, ...options },
      validator: { validate: (value: unknown) => isValidAmount(value) },
    });
}
