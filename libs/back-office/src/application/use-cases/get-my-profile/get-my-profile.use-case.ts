import { Injectable, Optional } from '@nestjs/common';
import { UserReadCache } from '@mirrorline/shared';
import { UserRepository } from '@mirrorline/accounts';
import { UserInfoAssembler, type UserProfile } from '../../services/user-info.assembler';
import { userNotFound } from '../../user-errors';

@Injectable()
export class GetMyProfileUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly assembler: UserInfoAssembler,
    /** The account and its facts, cached per user and dropped by NOTIFY on any change (docs/performance.md). */
    @Optional() private readonly reads?: UserReadCache,
  ) {}

  async execute(userId: string): Promise<UserProfile> {
    const load = async () => {
      const account = await this.users.findById(null, userId);
      if (!account || account.deletedAt) throw userNotFound();
      return { account, reads: await this.assembler.load(account) };
    };
    const { account, reads } = this.reads ? await this.reads.get('profile', userId, load) : await load();
    return this.assembler.assemble(account, reads);
  }
}
