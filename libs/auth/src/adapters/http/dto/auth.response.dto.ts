import { ApiProperty } from '@nestjs/swagger';

export class MessageResponseDto {
  @ApiProperty({ example: 'Your email has been verified' })
  message!: string;
}

export class AccessTokenResponseDto {
  @ApiProperty({ description: 'JWT (HS256, 15 minutes) whose payload carries UserInfo' })
  accessToken!: string;
}

export class ResetTokenResponseDto {
  @ApiProperty({ description: 'single use, 15 minutes; send it to forgotpassword/reset' })
  resetToken!: string;
}

export class ChangePasswordResponseDto extends MessageResponseDto {
  @ApiProperty({ description: 'a fresh access token: tokens issued before the change stop working' })
  accessToken!: string;
}
