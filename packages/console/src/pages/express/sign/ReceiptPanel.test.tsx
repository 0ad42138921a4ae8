import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { KitLotCheck, ReceiptDetail } from '@trialab/api-contract';
import { App } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCameraSync } from '../../../devices/cameraStore';
import { FakeDeviceClient } from '../../../devices/testClient';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { useBridge } from '../../../stores/bridge';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
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
  kitLotNo: null,
  kitExpiry: null,
  collectedOn: null,
  kitExpired: false,
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

describe('ReceiptPanel expired kit', () => {
  it('shows a line collected in an expired kit with the lot, its expiry and the day, in words', async () => {
    const expired = line(3, {
      state: 'exception',
      exceptionReason: '5',
      kitLotNo: 'UT2406A',
      kitExpiry: '2026-11-19',
      collectedOn: '2026-11-20',
      kitExpired: true,
    });
    const valid = line(4, { kitLotNo: 'ED2405A', kitExpiry: '2027-03-01', collectedOn: '2026-11-20' });
    render(
      <App>
        <ReceiptPanel detail={detail('signed', [expired, valid, line(5, {})])} onChanged={() => undefined} />
      </App>,
    );
    expect((await screen.findByTestId('receipt-kit-3')).textContent).toBe(
      '耗材过期：批号 UT2406A 已于 2026-11-19 过期，2026-11-20 使用',
    );
    expect(screen.getByTestId('receipt-kit-4').textContent).toBe('耗材批号 ED2405A 有效至 2027-03-01');
    expect(screen.queryByTestId('receipt-kit-5')).toBeNull();
  });

  it('checks the lot read at the desk: an expired kit warns on the row, makes it an exception and needs a reason', async () => {
    const answer: KitLotCheck = {
      lotNo: 'UT2406A',
      known: true,
      expiryDate: '2026-11-19',
      checkedOn: '2026-11-29',
      expired: true,
    };
    const asked: Array<[string, unknown]> = [];
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick, input: unknown) => {
      const name = endpointName(pick);
      asked.push([name, input]);
      if (name === 'receipt.kitLot') return { code: 200, msg: 'ok', data: answer };
      return new Promise(() => undefined);
    }) as unknown as typeof callEndpoint);
    const open = {
      ...detail('picked_up', [line(1, { state: 'awaiting', receivedQuantity: null })]),
      images: [
        {
          id: 1,
          fileId: 9,
          kind: 'waybill' as const,
          name: 'w.jpg',
          capturedBy: 'Li',
          capturedAt: '2026-11-29T01:00:00Z',
        },
      ],
    };
    render(
      <App>
        <ReceiptPanel detail={open} onChanged={() => undefined} />
      </App>,
    );
    const lot = await screen.findByTestId('receipt-kit-lot-1');
    fireEvent.change(lot, { target: { value: 'UT2406A' } });
    fireEvent.blur(lot);
    expect((await screen.findByTestId('receipt-kit-1')).textContent).toBe(
      '耗材过期：批号 UT2406A 已于 2026-11-19 过期，2026-11-29 使用',
    );
    expect(asked).toContainEqual(['receipt.kitLot', { params: { id: 5 }, query: { lotNo: 'UT2406A' } }]);
    // The line became an exception at once; without a reason the sign-off is refused in words.
    await waitFor(() => expect((screen.getByLabelText('异常') as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByTestId('receipt-sign'));
    expect(await screen.findByText('使用过期耗材采集的样本须按异常接收并选择原因')).toBeTruthy();
    expect(asked.some(([name]) => name === 'receipt.receive')).toBe(false);
  });
});

describe('ReceiptPanel capture', () => {
  afterEach(() => {
    resetCameraSync();
    useBridge.setState({ client: null, wsUrl: null, status: 'idle', devices: undefined });
  });

  it('keeps what the desk typed on each line when an image is attached and the record read again', async () => {
    const images: ReceiptDetail['images'] = [];
    // Each read answers a new record, as the server does, with the images attached so far.
    const read = (): ReceiptDetail => ({
      ...detail('picked_up', [line(1, { state: 'awaiting', receivedQuantity: null })]),
      images: images.map((i) => ({ ...i })),
    });
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
      const name = endpointName(pick);
      if (name === 'system.fileUpload') return { code: 200, msg: 'ok', data: { id: 41, name: 'w.jpg' } };
      if (name === 'receipt.attachImage') {
        const image = {
          id: images.length + 1,
          fileId: 41,
          kind: 'waybill' as const,
          name: 'w.jpg',
          capturedBy: 'Li',
          capturedAt: '2026-11-29T01:00:00Z',
        };
        images.push(image);
        return { code: 200, msg: 'ok', data: image };
      }
      return new Promise(() => undefined);
    }) as unknown as typeof callEndpoint);
    const client = new FakeDeviceClient()
      .answer('session.subscribe', () => ({ backgroundActive: true }))
      .answer('camera.open', (p) => ({ camera: p.camera, streamPath: `/stream/${p.camera}?sid=5` }))
      .answer('camera.capture', () => ({
        camera: 0,
        imageCount: 1,
        images: [{ index: 0, uuid: 'u1', base64: 'AAAA' }],
      }));
    useBridge.setState({ client: client as never, wsUrl: 'ws://127.0.0.1:18088/ws', status: 'connected' });
    function Desk() {
      const [shown, setShown] = useState(read);
      return <ReceiptPanel detail={shown} onChanged={() => setShown(read())} />;
    }
    render(
      <App>
        <Desk />
      </App>,
    );
    const reading = (await screen.findByTestId('receipt-reading-1')) as HTMLInputElement;
    fireEvent.change(reading, { target: { value: '4.5' } });
    fireEvent.change(screen.getByTestId('receipt-line-remark-1'), { target: { value: '管壁有霜' } });
    fireEvent.click(screen.getByTestId('capture-button'));
    await waitFor(() => expect(screen.getAllByTestId('receipt-image')).toHaveLength(1));
    expect((screen.getByTestId('receipt-reading-1') as HTMLInputElement).value).toBe('4.5');
    expect((screen.getByTestId('receipt-line-remark-1') as HTMLInputElement).value).toBe('管壁有霜');
  });
});
