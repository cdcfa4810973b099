import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsString, Length, Matches, MaxLength } from 'class-validator';

export class MfaCodeRequestDto {
  @ApiProperty({ example: '123456', description: 'the 6-digit code of the authenticator app' })
  @IsString()
  @MaxLength(32)
  code!: string;
}

export class LoginMfaRequestDto {
  @ApiProperty({ description: 'the mfaToken of auth/login/ (5 minutes)' })
  @IsString()
  @MaxLength(128)
  mfaToken!: string;

  @ApiProperty({ example: '123456', description: 'a TOTP code, or one of the recovery codes (XXXXX-XXXXX)' })
  @IsString()
  @MaxLength(32)
  code!: string;
}

export class DisableMfaRequestDto {
  @ApiProperty({ format: 'password' })
  @IsString()
  @MaxLength(128)
  password!: string;

  @ApiProperty({ example: '123456' })
  @IsString()
  @MaxLength(32)
  code!: string;
}

export class CreateApiTokenRequestDto {
  @ApiProperty({ example: 'my trading bot', maxLength: 64 })
  @IsString()
  @Length(1, 64)
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  @Matches(/^[^\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]+$/, { message: 'name must not contain control characters' })
  @Matches(/\S/, { message: 'name must not be blank' })
  name!: string;

  @ApiProperty({ example: ['read'], enum: ['read', 'trade'], isArray: true })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(2)
  @IsIn(['read', 'trade'], { each: true })
  scopes!: string[];
}

export class LoginResponseDto {
  @ApiPropertyOptional({ description: 'JWT (HS256, 15 minutes); absent when mfaRequired' })
  accessToken?: string;

  @ApiPropertyOptional({ description: 'true: 2FA is on; send mfaToken and the code to auth/login/mfa/' })
  mfaRequired?: boolean;

  @ApiPropertyOptional({ description: '5 minutes, single use (spent by the right code)' })
  mfaToken?: string;
}

/** POST auth/verifyotp/: the email is verified, and the user signed in as by auth/login/ (when allowed). */
export class VerifyEmailResponseDto extends LoginResponseDto {
  @ApiProperty({ example: 'Your email has been verified' })
  message!: string;
}

export class MfaStatusResponseDto {
  @ApiProperty()
  enabled!: boolean;

  @ApiProperty()
  recoveryCodesLeft!: number;
}

export class MfaSetupResponseDto {
  @ApiProperty({ description: 'base32; pending until auth/mfa/enable/ confirms a code' })
  secret!: string;

  @ApiProperty({ example: 'otpauth://totp/Mirrorline:jane%40example.com?secret=…&issuer=Mirrorline' })
  otpauthUrl!: string;

  @ApiProperty({ description: 'the otpauth URL as an SVG QR code (data:image/svg+xml;base64 URL)' })
  qrDataUrl!: string;
}

export class MfaEnableResponseDto {
  @ApiProperty({ type: [String], description: '10 single-use codes, shown once' })
  recoveryCodes!: string[];

  @ApiProperty({ description: 'a fresh access token (full access for an Admin who just enrolled)' })
  accessToken!: string;
}

export class SessionResponseDto {
  @ApiProperty() id!: string;
  @ApiProperty() createdAt!: string;
  @ApiProperty() lastUsedAt!: string;
  @ApiProperty({ nullable: true, type: String }) userAgent!: string | null;
  @ApiProperty({ nullable: true, type: String }) ip!: string | null;
  @ApiProperty({ description: 'the session of this access token' }) current!: boolean;
}

export class SessionsResponseDto {
  @ApiProperty({ type: [SessionResponseDto] })
  items!: SessionResponseDto[];
}

export class ApiTokenResponseDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: [String], enum: ['read', 'trade'] }) scopes!: string[];
  @ApiProperty() createdAt!: string;
  @ApiProperty({ nullable: true, type: String }) lastUsedAt!: string | null;
  @ApiProperty({ example: 'ml_pat_AbC12x', description: 'the first characters, to recognise the token' }) prefix!: string;
}

export class ApiTokensResponseDto {
  @ApiProperty({ type: [ApiTokenResponseDto] })
  items!: ApiTokenResponseDto[];
}

export class CreatedApiTokenResponseDto {
  @ApiProperty() id!: string;
  @ApiProperty({ description: '`ml_pat_…`: shown once, stored hashed' }) token!: string;
}
