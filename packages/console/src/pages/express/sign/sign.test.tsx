import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReceiptDetail } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIDE_MENU_WIDTH } from '../../../config';
import '../../../locales';
import { type EndpointPick, endpointName, queryClient } from '../../../services/query';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import ExpressSignPage from './index';

fakeEndpoints();
// The camera is the bridge's; these tests are about the records.

const shipment = (id: number, expressNo: string): ReceiptDetail => ({
  id,
  orderNo: `SO-${id}`,
  expressNo,
  courier: 'sf',
  status: 'signed',
  projectId: 1,
  projectNo: 'KM-2026-001',
  projectName: 'Trial',
  siteId: 1,
  centerNo: '01',
  siteName: 'Site one',
  temperatureName: '2-8℃',
  coldChain: true,
  bookSendTime: '2026-11-20T08:00:00Z',
  dispatchTime: null,
  signerName: 'Li',
  signedAt: '2026-11-21T08:00:00Z',
  receiptRemark: null,
  version: 1,
  samples: [],
  images: [],
});

/** The page at 1440 × 900: the window less the menu, the content's margins (16) and the card's padding (24). */
const PAGE_BOX = 1440 - SIDE_MENU_WIDTH - 2 * 16 - 2 * 24;

const sampleLine = (itemId: number): ReceiptDetail['samples'][number] => ({
  itemId,
  sampleTypeName: 'Serum',
  temperatureName: 'Refrigerated',
  quantity: 12,
  unit: 'Tube',
  state: 'received',
  receivedQuantity: 12,
  exceptionReason: null,
  remark: null,
  temperatureCelsius: 4.2,
  temperatureRange: null,
  temperatureBreach: false,
  queryNo: null,
  kitLotNo: 'KL-2026-01',
  kitExpiry: '2027-01-31',
  collectedOn: '2026-11-20',
  kitExpired: false,
});

/** The server: two shipments; the lookup finds the second by its waybill. */
function serve() {
  const calls: string[] = [];
  vi.mocked(callEndpoint).mockImplementation((async (
    pick: EndpointPick,
    input: { params?: { id: number } },
  ) => {
    const name = endpointName(pick);
    calls.push(name);
    if (name === 'receipt.paging') return { code: 200, msg: 'ok', data: [shipment(1, 'SF001')], total: 1 };
    if (name === 'receipt.lookup')
      return {
        code: 200,
        msg: 'ok',
        data: { ...shipment(2, 'SF002'), samples: [sampleLine(7), sampleLine(8)] },
      };
    if (name === 'receipt.get')
      return { code: 200, msg: 'ok', data: shipment(input.params?.id ?? 0, 'SF001') };
    return { code: 200, msg: 'ok', data: { code: 'express.sign', titles: [] } };
  }) as unknown as typeof callEndpoint);
  return calls;
}

const renderPage = () =>
  render(
    <App>
      <ExpressSignPage />
    </App>,
  );

afterEach(() => {
  queryClient.clear();
});

describe('/express/sign', () => {
  it('shows the shipment a waybill lookup finds, without asking for it a second time', async () => {
    const calls = serve();
    renderPage();
    const input = within(screen.getByTestId('receipt-lookup')).getByRole('searchbox');
    fireEvent.change(input, { target: { value: ' SF002 ' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.getByTestId('receipt-detail').textContent).toContain('SF002'));
    expect(callEndpoint).toHaveBeenCalledWith(expect.any(Function), { query: { keyword: 'SF002' } });
    expect(calls).not.toContain('receipt.get');
  });

  it("lays the sample lines out below the list at the page's whole width, within it at 1440 × 900", async () => {
    serve();
    renderPage();
    const input = within(screen.getByTestId('receipt-lookup')).getByRole('searchbox');
    fireEvent.change(input, { target: { value: 'SF002' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const lines = await screen.findByTestId('receipt-samples');
    // In the box below the two columns, not in the record's column (about 640 px wide).
    expect(screen.getByTestId('receipt-lines').contains(lines)).toBe(true);
    expect(screen.getByTestId('receipt-quantity-7').textContent).toBe('Refrigerated · 12 Tube');
    const table = lines.querySelector<HTMLElement>('.ant-table-body table, .ant-table-content table');
    const width = Number.parseFloat(table?.style.width ?? '');
    expect(width).toBeGreaterThan(0);
    expect(width).toBeLessThanOrEqual(PAGE_BOX - 20);
  });

  it('shows the record of the row clicked', async () => {
    const calls = serve();
    renderPage();
    fireEvent.click(await screen.findByText('SO-1'));
    await waitFor(() => expect(screen.getByTestId('receipt-detail').textContent).toContain('SO-1'));
    expect(calls.filter((name) => name === 'receipt.get')).toHaveLength(1);
  });

  it('opens on the state a link names (the home to-do opens ?status=<state>)', async () => {
    vi.mocked(callEndpoint).mockClear();
    const calls = serve();
    render(
      <App>
        <MemoryRouter initialEntries={['/express/sign?status=signed']}>
          <ExpressSignPage />
        </MemoryRouter>
      </App>,
    );
    const statuses = () =>
      vi
        .mocked(callEndpoint)
        .mock.calls.map(([, input]) => (input as { body?: { status?: string } } | undefined)?.body?.status)
        .filter(Boolean);
    await waitFor(() => expect(statuses()).toEqual(['signed']));
    expect(calls.filter((name) => name === 'receipt.paging')).toHaveLength(1);
  });
});
