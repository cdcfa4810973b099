import { Injectable } from '@nestjs/common';
import { alertErrors } from '../../../domain/price-alert';
import { AlertStore } from '../../ports/alert-store';

/** DELETE alerts/:id: removes one of the caller's alerts (active or triggered); ALERT.NOT_FOUND (404) for any other id. */
@Injectable()
export class DeleteAlertUseCase {
  constructor(private readonly store: AlertStore) {}

  async execute(command: { userId: string; id: string }): Promise<void> {
    if (!(await this.store.delete(command.userId, command.id))) throw alertErrors.notFound();
  }
}
