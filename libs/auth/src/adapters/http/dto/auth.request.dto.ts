import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { EMAIL_PATTERN, IsAccountEmail, IsPlainText } from '@mirrorline/shared/nest';

const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/;

class EmailField {
  @ApiProperty({ example: 'jane@example.com', format: 'email', maxLength: 254, pattern: EMAIL_PATTERN.source })
  @IsString()
  @MaxLength(254)
  @IsAccountEmail()
  email!: string;
}

export class RegisterRequestDto extends EmailField {
  @ApiProperty({ example: 'jane_doe', minLength: 3, maxLength: 32, pattern: USERNAME.source })
  @IsString()
  @Matches(USERNAME, { message: 'username must be 3 to 32 letters, digits, _ . or -' })
  username!: string;

  @ApiProperty({ example: 'Jane', minLength: 1, maxLength: 64 })
  @IsString()
  @Length(1, 64)
  @Matches(/\S/, { message: 'firstname must not be blank' })
  @IsPlainText()
  firstname!: string;

  @ApiProperty({ example: 'Doe', minLength: 1, maxLength: 64 })
  @IsString()
  @Length(1, 64)
  @Matches(/\S/, { message: 'lastname must not be blank' })
  @IsPlainText()
  lastname!: string;

  @ApiProperty({ example: 'correct horse battery', minLength: 8, maxLength: 128, format: 'password' })
  @IsString()
  @Length(8, 128, { message: 'password must be 8 to 128 characters long' })
  password!: string;
}

export class EmailRequestDto extends EmailField {}

export class VerifyOtpRequestDto extends EmailField {
  @ApiProperty({ example: '123456', pattern: '^\\d{6}$', minLength: 6, maxLength: 6 })
  @IsString()
  @Matches(/^\d{6}$/, { message: 'otp must be 6 digits' })
  otp!: string;
}

export class LoginRequestDto extends EmailField {
  @ApiProperty({ example: 'correct horse battery', maxLength: 128, format: 'password' })
  @IsString()
  @Length(1, 128, { message: 'password must be 1 to 128 characters long' })
  password!: string;

  @ApiPropertyOptional({ example: '123456', pattern: '^\\d{6}$', description: 'the code mailed when the account asks for a step-up (AUTH.STEP_UP_REQUIRED)' })
  @IsOptional()
  @IsString()
  @Matches(/^\d{6}$/, { message: 'code must be 6 digits' })
  code?: string;
}

export class ResetPasswordRequestDto {
  @ApiProperty({ description: 'from forgotpassword/verifyotp', example: 'q1ZB…' })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'resetToken is malformed' })
  resetToken!: string;

  @ApiProperty({ minLength: 8, maxLength: 128, format: 'password' })
  @IsString()
  @Length(8, 128, { message: 'password must be 8 to 128 characters long' })
  password!: string;
}

export class ChangePasswordRequestDto {
  @ApiProperty({ maxLength: 128, format: 'password' })
  @IsString()
  @Length(1, 128, { message: 'currentPassword must be 1 to 128 characters long' })
  currentPassword!: string;

  @ApiProperty({ minLength: 8, maxLength: 128, format: 'password' })
  @IsString()
  @Length(8, 128, { message: 'newPassword must be 8 to 128 characters long' })
  newPassword!: string;
}
