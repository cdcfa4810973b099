import { DomainError } from '@mirrorline/shared';

/** product.md §6: 8–128 characters. Longer inputs are refused before any hashing work. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string') return 'Password must be a string';
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  return null;
}

export function assertPasswordPolicy(password: unknown, field = 'password'): asserts password is string {
  const problem = passwordProblem(password);
  if (problem) throw new DomainError('AUTH.WEAK_PASSWORD', problem, 'validation', { errors: { [field]: [problem] } });
}
