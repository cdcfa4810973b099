import { DomainError } from '@mirrorline/shared';

export const userNotFound = () => new DomainError('USERS.NOT_FOUND', 'User not found', 'not_found');
