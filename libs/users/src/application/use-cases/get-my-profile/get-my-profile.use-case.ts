import { Injectable } from '@nestjs/common';
import { UserRepository } from '../../ports/user.repository';
import { UserInfoAssembler, type UserProfile } from '../../services/user-info.assembler';
import { userNotFound } from '../../user-errors';

@Injectable()
export class GetMyProfileUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly assembler: UserInfoAssembler,
  ) {}

  async execute(userId: string): Promise<UserProfile> {
    const account = await this.users.findById(null, userId);
    if (!account || account.deletedAt) throw userNotFound();
    return this.assembler.assemble(account);
  }
}
