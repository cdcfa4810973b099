import { Injectable } from '@nestjs/common';
import { sqlStateOf, UnitOfWork } from '@mirrorline/shared';
import { IssueOneTimeCodeUseCase } from '@mirrorline/otp';
import { assertPasswordPolicy } from '../../../domain/password-policy';
import { AuthErrors } from '../../../domain/auth-errors';
import { normaliseEmail } from '../../../domain/email';
import { PasswordHasher } from '../../ports/password-hasher';
import { UserAccounts } from '@mirrorline/accounts';
import { CodeMailer } from '../../services/code-mailer';
import { CodeTryThrottle } from '../../services/code-try-throttle';

export interface RegisterUserCommand {
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

@Injectable()
export class RegisterUserUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: UserAccounts,
    private readonly hasher: PasswordHasher,
    private readonly issueCode: IssueOneTimeCodeUseCase,
    private readonly mail: CodeMailer,
    private readonly tries: CodeTryThrottle,
  ) {}

  async execute(command: RegisterUserCommand): Promise<{ message: string }> {
    assertPasswordPolicy(command.password);
    const email = normaliseEmail(command.email);
    const passwordHash = await this.hasher.hash(command.password);
    let issued: { code: string } | null;
    try {
      issued = await this.uow.run(async (tx) => {
        await this.tries.begin(tx, email, 'email_verification');
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
        const code = await this.issueCode.execute(tx, { userId, purpose: 'email_verification' });
        // Tries made on this email before it had an account must not lock the new user out of the first code.
        if (code) await this.tries.codeIssued(tx, email, 'email_verification');
        return code;
      });
    } catch (error) {
      // Two sign-ups racing for the same name: the unique index decides.
      if (sqlStateOf(error) === '23505') {
        const constraint = String((error as { constraint?: unknown }).constraint ?? '');
        throw constraint.includes('username') ? AuthErrors.usernameTaken() : AuthErrors.emailTaken();
      }
      throw error;
    }
    // After the commit, in the background: a slow mail server does not hold the sign-up (201 either way).
    if (issued) this.mail.verificationCode(email, issued.code);
    return { message: 'Registration successful. We have emailed you a 6-digit code to verify your email.' };
  }
}
