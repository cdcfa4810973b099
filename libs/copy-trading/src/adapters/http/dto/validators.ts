import { applyDecorators } from '@nestjs/common';
import { registerDecorator, ValidateIf, type ValidationOptions } from 'class-validator';
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

/**
 * An optional field of a PATCH that may be left out but not set to null: @IsOptional() skips every
 * check for null too, and the column behind the field is NOT NULL (null would reach the database as a
 * 500). Leaving the field out keeps the current value.
 */
export function OptionalNotNull(): PropertyDecorator {
  const notNull: PropertyDecorator = (target, propertyName) =>
    registerDecorator({
      name: 'notNull',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `${String(propertyName)} cannot be null (leave it out to keep the current value)` },
      validator: { validate: (value: unknown) => value !== null },
    });
  return applyDecorators(
    ValidateIf((_, value) => value !== undefined),
    notNull,
  );
}
