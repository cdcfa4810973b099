import { authRequest } from '../../../lib/fetcher';

export interface CreateUserBody {
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  roles: string[];
}

/** POST /api/user/create: email pre-verified; roles always include User. */
export function createUser(body: CreateUserBody): Promise<unknown> {
  const roles = ['User', ...body.roles.filter((r) => r !== 'User')];
  return authRequest('/user/create', { method: 'POST', body: { ...body, roles } });
}
