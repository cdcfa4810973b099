import { PageQueryDto } from '@mirrorline/shared';
import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { CurrentUser, type AuthenticatedUser } from '@mirrorline/auth';
import { ListNotificationsUseCase } from '../../application/use-cases/list-notifications/list-notifications.use-case';
import { MarkNotificationReadUseCase } from '../../application/use-cases/mark-notification-read/mark-notification-read.use-case';

export class ListNotificationsQueryDto extends PageQueryDto {

  @ApiPropertyOptional({ description: 'only unread notifications' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  unread?: boolean;
}

class NotificationDto {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'copy_closed' }) type!: string;
  @ApiProperty() title!: string;
  @ApiProperty() body!: string;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) data!: Record<string, unknown> | null;
  @ApiProperty() read!: boolean;
  @ApiProperty() createdAt!: string;
}

class NotificationPageDto {
  @ApiProperty({ type: [NotificationDto] }) items!: NotificationDto[];
  @ApiProperty() total!: number;
  @ApiProperty({ description: 'unread notifications in total' }) unread!: number;
  @ApiProperty() page!: number;
  @ApiProperty() limit!: number;
}

@ApiTags('notifications')
@ApiBearerAuth('bearer')
@Controller('notifications')
export class NotificationsController {
  constructor(
    private readonly listNotifications: ListNotificationsUseCase,
    private readonly markRead: MarkNotificationReadUseCase,
  ) {}

  /** Mine, newest first, with the unread count. */
  @Get()
  @ApiOkResponse({ type: NotificationPageDto })
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: ListNotificationsQueryDto) {
    return this.listNotifications.execute({ userId: user.userId, page: query.page ?? 1, limit: query.limit ?? 20, unreadOnly: query.unread ?? false });
  }

  /** Marks one notification read (`:id` = `all` marks every one). */
  @Post(':id/read')
  @HttpCode(200)
  @ApiOkResponse({ schema: { type: 'object', required: ['updated'], properties: { updated: { type: 'integer', description: 'how many were marked read' } } } })
  read(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string) {
    return this.markRead.execute({ userId: user.userId, id });
  }
}
