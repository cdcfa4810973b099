import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Public, RateLimit, Roles } from '@mirrorline/auth';
import { PageQueryDto } from '@mirrorline/shared/nest';
import { ContactMessages } from '../../application/ports/contact-messages';
import { SendContactMessageUseCase } from '../../application/use-cases/send-contact-message.use-case';
import { ContactMessagesPageDto, ContactReceiptDto, ContactRequestDto } from './contact.dto';

@ApiTags('support')
@Controller()
export class ContactController {
  constructor(
    private readonly send: SendContactMessageUseCase,
    private readonly messages: ContactMessages,
  ) {}

  @Public()
  @RateLimit('contact')
  @Post('contact')
  @HttpCode(201)
  @ApiOperation({ summary: 'Send a message to support', description: 'Stored (listed for admins) and mailed to SUPPORT_EMAIL; the log in development.' })
  @ApiResponse({ status: 201, type: ContactReceiptDto })
  @ApiBadRequestResponse({ description: 'VALIDATION: a field is missing or too long' })
  @ApiTooManyRequestsResponse({ description: 'TOO_MANY_REQUESTS: too many messages from this address' })
  async contact(@Body() body: ContactRequestDto): Promise<ContactReceiptDto> {
    const stored = await this.send.execute({ ...body, userId: null });
    return { id: stored.id, message: 'Thank you: your message was sent to our support team.' };
  }

  @Get('admin/contact-messages')
  @Roles('Admin')
  @ApiBearerAuth('bearer')
  @ApiOperation({ summary: 'Contact-form messages, newest first (Admin)', description: 'Every message sent through the contact form.' })
  @ApiOkResponse({ type: ContactMessagesPageDto })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: not an admin' })
  async list(@Query() query: PageQueryDto): Promise<ContactMessagesPageDto> {
    const page = await this.messages.list({ page: query.page ?? 1, limit: query.limit ?? 20 });
    return { ...page, items: page.items.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
  }
}
