import { Injectable } from '@nestjs/common';
import { sqlStateOf, UnitOfWork } from '@mirrorline/shared';
import { IssueOneTimeCode } from '@mirrorline/otp';
import { assertPasswordPolicy } from '../../../domain/password-policy';
import { AuthErrors } from '../../../domain/auth-errors';
import { normaliseEmail } from '../../../domain/email';
import { PasswordHasher } from '../../ports/password-hasher';
import { UserAccounts } from '../../ports/user-accounts';
import { CodeMailer } from '../../services/code-mailer';

export interface RegisterUserCommand {
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

@Injectable()
export class RegisterUser {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: UserAccounts,
    private readonly hasher: PasswordHasher,
    private readonly issueCode: IssueOneTimeCode,
    private readonly mail: CodeMailer,
  ) {}

  async execute(command: RegisterUserCommand): Promise<{ message: string }> {
    assertPasswordPolicy(command.password);
    const email = normaliseEmail(command.email);
    const passwordHash = await this.hasher.hash(command.password);
    let issued: { code: string } | null;
    try {
      issued = await this.uow.run(async (tx) => {
        if (await this.accounts.emailExists(tx, email)) throw AuthErrors.emailTaken();
        if (await this.accounts.usernameExists(tx, command.username)) throw AuthErrors.usernameTaken();
        const userId = await this.accounts.create(tx, {
          email,
          username: command.username,
          firstname: command.firstname.trim(),
          lastname: command.lastname.trim(),
          passwordHash,
          roles: ['User'],
          emailVerified: false,
          kycStatus: 'Unverified',
        });
        return this.issueCode.execute(tx, { userId, purpose: 'email_verification' });
      });
    } catch (error) {
      // Two sign-ups racing for the same name: the unique index decides.
      if (sqlStateOf(error) === '23505') {
        const constraint = String((error as { constraint?: unknown }).constraint ?? '');
        throw constraint.includes('username') ? AuthErrors.usernameTaken() : AuthErrors.emailTaken();
      }
      throw error;
    }
    if (issued) await this.mail.verificationCode(email, issued.code);
    return { message: 'Registration successful. We have emailed you a 6-digit code to verify your email.' };
  }
}
