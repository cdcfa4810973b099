import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Length } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ContactRequestDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Jane Doe' })
  @Transform(trim)
  @IsString()
  @Length(1, 100)
  name!: string;

  @ApiProperty({ format: 'email', maxLength: 254, example: 'jane@example.com' })
  @Transform(trim)
  @IsEmail({}, { message: 'email must be an email address' })
  @Length(3, 254)
  email!: string;

  @ApiProperty({ minLength: 1, maxLength: 150, example: 'A question about copying' })
  @Transform(trim)
  @IsString()
  @Length(1, 150)
  subject!: string;

  @ApiProperty({ minLength: 10, maxLength: 5000, example: 'How is the profit share computed when a copy is stopped?' })
  @Transform(trim)
  @IsString()
  @Length(10, 5000, { message: 'message must be 10 to 5000 characters long' })
  message!: string;
}

export class ContactReceiptDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'Thank you: your message was sent to our support team.' })
  message!: string;
}

export class ContactMessageDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ format: 'email' })
  email!: string;

  @ApiProperty()
  subject!: string;

  @ApiProperty()
  message!: string;

  @ApiProperty({ type: 'string', format: 'uuid', nullable: true })
  userId!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class ContactMessagesPageDto {
  @ApiProperty({ type: [ContactMessageDto] })
  items!: ContactMessageDto[];

  @ApiProperty({ type: 'integer', example: 1 })
  total!: number;

  @ApiProperty({ type: 'integer', example: 1 })
  page!: number;

  @ApiProperty({ type: 'integer', example: 20 })
  limit!: number;
}
