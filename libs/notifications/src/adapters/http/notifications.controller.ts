import { PageQueryDto } from '@mirrorline/shared/nest';
import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
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
  @ApiOperation({ summary: 'My notifications', description: 'Newest first, paged, with the unread count. Each carries structured `data` (amounts, pnl, statuses) besides the text kept for mail and logs. `?unread=true` lists unread ones only.' })
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: ListNotificationsQueryDto) {
    return this.listNotifications.execute({ userId: user.userId, page: query.page ?? 1, limit: query.limit ?? 20, unreadOnly: query.unread ?? false });
  }

  /** Marks one notification read (`:id` = `all` marks every one). */
  @Post(':id/read')
  @HttpCode(200)
  @ApiOkResponse({ schema: { type: 'object', required: ['updated'], properties: { updated: { type: 'integer', description: 'how many were marked read' } } } })
  @ApiOperation({ summary: 'Mark a notification read', description: '`all` as id marks every notification of mine read; answers how many changed.' })
  @ApiNotFoundResponse({ description: 'NOTIFICATION.NOT_FOUND' })
  read(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string) {
    return this.markRead.execute({ userId: user.userId, id });
  }
}
