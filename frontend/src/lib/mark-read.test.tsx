import { act } from '@testing-library/react';
import { ApiError } from './api-client';
import { expectBusyWhile, gate, renderMutation } from '../test/mutation';
import { jsonResponse, mockFetch, signIn } from '../test/utils';
import { useMarkRead } from './mark-read';

describe('useMarkRead', () => {
  it('busy while it runs; one or all; every notifications list and count refreshes; a refusal surfaces', async () => {
    signIn();
    const answer = gate<Response>();
    const fetchMock = mockFetch({
      'POST /api/notifications/all/read': () => answer.promise,
      'POST /api/notifications/n%2F1/read': () => jsonResponse(404, { statusCode: 404, message: 'Not found', code: 'NOTIFICATION.NOT_FOUND' }),
    });
    const { result, fetches } = await renderMutation(() => useMarkRead(), ['/api/notifications', '/api/notifications']);
    await expectBusyWhile(() => result.current.busy, () => result.current.trigger('all'), () => answer.open(jsonResponse(200, { updated: 3 })));
    await vi.waitFor(() => expect([fetches('/api/notifications'), fetches('/api/notifications')]).toEqual([2, 2]));
    await act(() => result.current.trigger('n/1').catch(() => undefined));
    expect((result.current.error as ApiError).status).toBe(404);
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual(['/api/notifications/all/read', '/api/notifications/n%2F1/read']);
  });
});
