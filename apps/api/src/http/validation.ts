import { ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError } from '@mirrorline/shared';

function collect(errors: ValidationError[], prefix = '', into: Record<string, string[]> = {}): Record<string, string[]> {
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      into[path] = Object.entries(error.constraints).map(([rule, message]) =>
        rule === 'whitelistValidation' ? `${path} is not an allowed field` : message,
      );
    }
    if (error.children?.length) collect(error.children, path, into);
  }
  return into;
}

/** Whitelisted DTOs: unknown fields are a 400, never silently ignored (no mass assignment). */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const fields = collect(errors);
      const message = Object.values(fields).flat().join('; ') || 'Invalid request';
      return new DomainError('VALIDATION_FAILED', message, 'validation', { errors: fields });
    },
  });
}
