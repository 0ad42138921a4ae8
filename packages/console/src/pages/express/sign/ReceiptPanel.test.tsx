import { render, screen } from '@testing-library/react';
import type { ReceiptDetail } from '@trialab/api-contract';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import '../../../locales';
import { fakeEndpoints } from '../../../test/fakes';
import { ReceiptPanel } from './ReceiptPanel';

fakeEndpoints(() => new Promise(() => undefined));
// The camera is the bridge's; these tests are about the sample lines.

const line = (itemId: number, patch: Partial<ReceiptDetail['samples'][number]>) => ({
  itemId,
  sampleTypeName: '血浆',
  temperatureName: '冷藏',
  quantity: 6,
  unit: '管',
  state: 'received' as const,
  receivedQuantity: 6,
  exceptionReason: null,
  remark: null,
  temperatureCelsius: null,
  temperatureRange: null,
  temperatureBreach: false,
  queryNo: null,
  ...patch,
});

const detail = (status: ReceiptDetail['status'], samples: ReceiptDetail['samples']): ReceiptDetail => ({
  id: 5,
  orderNo: 'ST-5',
  expressNo: 'SF5',
  courier: 'SF',
  status,
  projectId: 1,
  projectNo: 'KM-2026-001',
  projectName: 'Trial',
  siteId: 1,
  centerNo: '01',
  siteName: 'Site one',
  temperatureName: '冷藏',
  coldChain: true,
  bookSendTime: '2026-11-20T08:00:00Z',
  dispatchTime: null,
  signerName: 'Li',
  signedAt: '2026-11-21T08:00:00Z',
  receiptRemark: null,
  version: 3,
  samples,
  images: [],
});

describe('ReceiptPanel cold chain', () => {
  it('flags a line received out of range with the range and the query raised', async () => {
    const breached = line(2, {
      state: 'exception',
      temperatureCelsius: 5,
      temperatureRange: '-25~-15℃',
      temperatureBreach: true,
      queryNo: 'Q20261121000007',
    });
    render(
      <App>
        <ReceiptPanel
          detail={detail('signed', [line(1, { temperatureCelsius: 4 }), breached])}
          onChanged={() => undefined}
        />
      </App>,
    );
    expect((await screen.findByTestId('receipt-breach-2')).textContent).toBe('温度超限（-25~-15℃）');
    expect(screen.getByText('已发质疑 Q20261121000007')).toBeTruthy();
    expect(screen.queryByTestId('receipt-breach-1')).toBeNull();
  });

  it('asks for a reading on each line while the shipment awaits receipt', async () => {
    render(
      <App>
        <ReceiptPanel
          detail={detail('picked_up', [line(1, { state: 'awaiting' })])}
          onChanged={() => undefined}
        />
      </App>,
    );
    expect(await screen.findByTestId('receipt-reading-1')).toBeTruthy();
  });
});
