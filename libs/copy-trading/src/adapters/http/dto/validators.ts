import { registerDecorator, type ValidationOptions } from 'class-validator';
import { isValidAmount } from '@mirrorline/shared';
import { isValidPrice } from '../../../domain/copy-math';

/** A 2-decimal amount string ("250.00"), > 0 and ≤ the per-request maximum. */
export function IsAmount(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isAmount',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `${String(propertyName)} must be a positive amount string with at most 2 decimals, e.g. "250.00"`, ...options },
      validator: { validate: (value: unknown) => isValidAmount(value) },
    });
}

/** A positive price string with at most 8 decimals ("1.08500"). */
export function IsPrice(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isPrice',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `${String(propertyName)} must be a positive decimal string with at most 8 decimals, e.g. "1.0850"`, ...options },
      validator: { validate: (value: unknown) => isValidPrice(value) },
    });
}
