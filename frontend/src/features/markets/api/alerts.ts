import { marketKeys, notificationKeys } from '../../../lib/query-keys';
import { api, useApi, type ApiBody, type Schema } from '../../../lib/api';
import { useMutation } from '../../../lib/use-mutation';

export type PriceAlert = Schema<'PriceAlertDto'>;

/** GET /api/alerts: active alerts and those triggered in the last 7 days, newest first (null: not signed in). */
export function useAlerts(signedIn: boolean) {
  return useApi(signedIn ? marketKeys.alerts() : null);
}

/** POST /api/alerts {symbol, direction, price, notifyByEmail}; refreshes the alerts (and the bell: it may fire at once). */
export function useCreateAlert() {
  return useMutation((body: ApiBody<'/api/alerts', 'post'>) => api('post', '/api/alerts', { body }), { invalidate: [marketKeys.alertsAll, notificationKeys.all] });
}

/** DELETE /api/alerts/:id; refreshes the alerts. */
export function useDeleteAlert() {
  return useMutation((id: string) => api('delete', '/api/alerts/{id}', { path: { id } }), { invalidate: [marketKeys.alertsAll] });
}
