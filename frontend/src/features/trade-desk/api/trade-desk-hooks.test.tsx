import { act } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { bodyOf, expectBusyWhile, gate, idempotencyKeyOf, renderMutation } from '../../../test/mutation';
import { jsonResponse, mockFetch, signIn } from '../../../test/utils';
import { useCloseTrade, usePlaceOrder, useUpdateLevels } from './trade-desk';

const TRADER = { roles: ['User', 'Trader'], traderID: 4 };

describe('trade desk mutation hooks', () => {
  it('usePlaceOrder: busy while it fills; a lost answer is retried with the same key; the desk lists refresh', async () => {
    signIn(TRADER);
    const first = gate<Response>();
    let calls = 0;
    const fetchMock = mockFetch({
      'POST /api/trader/trades': () => {
        calls += 1;
        return calls === 1 ? first.promise : jsonResponse(201, { trade: { entryPrice: '100.10' } });
      },
    });
    const { result, fetches } = await renderMutation(() => usePlaceOrder(), ['/api/trader/trades']);
    const order = { symbol: 'BTCUSDT', side: 'buy' as const, allocationPct: 10 };
    await expectBusyWhile(() => result.current.busy, () => result.current.trigger(order), () => first.open(Promise.reject(new TypeError('network down')) as never));
    let answer: unknown;
    await act(async () => {
      answer = await result.current.trigger(order);
    });
    expect(answer).toEqual({ trade: { entryPrice: '100.10' } });
    const keys = fetchMock.mock.calls.map(([, init]) => idempotencyKeyOf(init));
    expect(keys[1]).toBe(keys[0]);
    expect(bodyOf(fetchMock.mock.calls[1][1])).toEqual(order);
    await vi.waitFor(() => expect(fetches('/api/trader/trades')).toBe(2));
  });

  it('useCloseTrade and useUpdateLevels act for the trader an admin chose (traderId); a refusal surfaces', async () => {
    signIn({ roles: ['User', 'Admin'] });
    const fetchMock = mockFetch({
      'POST /api/trader/trades/t1/close': { trade: { exitPrice: '99.00' } },
      'PATCH /api/trader/trades/t1': () => jsonResponse(400, { statusCode: 400, message: 'stopLoss must be below the bid', code: 'TRADE.INVALID_LEVEL' }),
    });
    const close = await renderMutation(() => useCloseTrade('7'));
    const levels = await renderMutation(() => useUpdateLevels('7'));
    await act(() => close.result.current.trigger('t1'));
    await act(() => levels.result.current.trigger({ id: 't1', stopLoss: '120.00', takeProfit: null }).catch(() => undefined));
    expect((levels.result.current.error as ApiError).code).toBe('TRADE.INVALID_LEVEL');
    const [closeCall, patchCall] = fetchMock.mock.calls;
    expect(String(closeCall[0])).toBe('/api/trader/trades/t1/close?traderId=7');
    expect(idempotencyKeyOf(closeCall[1])).toBeDefined();
    expect(String(patchCall[0])).toBe('/api/trader/trades/t1?traderId=7');
    expect(bodyOf(patchCall[1])).toEqual({ stopLoss: '120.00', takeProfit: null });
  });
});
