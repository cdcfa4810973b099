import { approvalRefusal, rejectionRefusal } from './approval-request';

describe('approval requests: nobody approves what benefits themselves', () => {
  const pending = { status: 'pending' as const, requestedBy: 'admin-a', targetUserId: 'user-t' };

  it('another admin, neither the requester nor the target, may approve', () => {
    expect(approvalRefusal(pending, 'admin-b')).toBeNull();
  });

  it('refuses the requester (403), the target (403) and a decided request (409)', () => {
    expect(approvalRefusal(pending, 'admin-a')).toMatchObject({ code: 'FORBIDDEN', kind: 'forbidden' });
    expect(approvalRefusal(pending, 'user-t')).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot approve a request that benefits you' });
    // the two-admin case: B asked for A's money, A may not approve it either
    expect(approvalRefusal({ ...pending, requestedBy: 'admin-b', targetUserId: 'admin-a' }, 'admin-a')).toMatchObject({ code: 'FORBIDDEN' });
    expect(approvalRefusal({ ...pending, status: 'approved' }, 'admin-b')).toMatchObject({ code: 'APPROVAL.ALREADY_DECIDED', kind: 'conflict' });
    expect(approvalRefusal({ ...pending, status: 'rejected' }, 'admin-b')).toMatchObject({ code: 'APPROVAL.ALREADY_DECIDED' });
  });

  it('any admin may reject a pending request; a decided one is a conflict', () => {
    expect(rejectionRefusal(pending)).toBeNull();
    expect(rejectionRefusal({ status: 'approved' })).toMatchObject({ code: 'APPROVAL.ALREADY_DECIDED' });
  });
});
