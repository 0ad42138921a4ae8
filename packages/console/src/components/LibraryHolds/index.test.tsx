import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import '../../locales';
import { callEndpoint, fakeEndpoints } from '../../test/fakes';
import { HoldDialog } from './index';

const user = userEvent.setup({ delay: null });

fakeEndpoints(async () => ({ code: 200, msg: 'ok', data: { ids: [1], openBills: [], openMoves: [] } }));

describe('HoldDialog', () => {
  it('asks the kind and the reason, then the e-signature, and sets the flag with both', async () => {
    const onClose = vi.fn();
    render(
      <App>
        <HoldDialog target={{ barcodes: ['LH-0002'] }} onClose={onClose} />
      </App>,
    );
    expect(await screen.findByText('设置标记：LH-0002')).not.toBeNull();
    await user.type(screen.getByLabelText('原因'), '法院保全通知');
    await user.click(screen.getByTestId('hold-set-ok'));
    // The form's save is the step to the signature, not a close.
    await user.type(await screen.findByTestId('signature-password'), 'Trialab@2026');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText('设置样本标记：确认按所述原因锁定 LH-0002（法律保全）')).not.toBeNull();
    await user.click(screen.getByTestId('signature-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(vi.mocked(callEndpoint).mock.calls[0]?.[1]).toEqual({
      body: {
        kind: 'legal',
        reason: '法院保全通知',
        signature: { password: 'Trialab@2026' },
        barcodes: ['LH-0002'],
      },
    });
  });
});
