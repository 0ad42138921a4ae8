import { render, screen, waitFor, within } from '@testing-library/react';
import { type BurnDownRow, RECEIVABLE_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIDE_MENU_WIDTH } from '../../../config';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import ReceivablesPage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockClear();
});

const contract = (id: number, alert: BurnDownRow['alert'], burnRate: string): BurnDownRow => ({
  contractId: id,
  contractNumber: `HT-${id}`,
  customerName: '华康制药有限公司',
  currency: 'CNY',
  status: 'active',
  contractAmount: '15000.00',
  billedAmount: '12600.00',
  burnRate,
  alert,
});
const RAISED = [contract(4, 'near', '0.8400'), contract(5, 'over', '1.0000')];

/** A page's table at 1440 × 900: the window less the menu, the content's margins (16) and the card's padding (24). */
const TABLE_BOX = 1440 - SIDE_MENU_WIDTH - 2 * 16 - 2 * 24;

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

function renderPage(url: string) {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick, input?: { body?: object }) => {
    const name = endpointName(pick);
    if (name === 'receivables.burnDown') {
      const alert = (input?.body as { alert?: string[] } | undefined)?.alert;
      const rows = alert
        ? RAISED.filter((r) => alert.includes(r.alert))
        : [...RAISED, contract(6, 'none', '0.1000')];
      return { code: 200, data: rows, total: rows.length };
    }
    if (name === 'receivables.aging') return { code: 200, data: { asOf: '2026-11-29', rows: [] } };
    return { code: 200, data: [], total: 0 };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions: [RECEIVABLE_PERMISSIONS.page], roles: [] });
  render(
    <MemoryRouter initialEntries={[url]}>
      <App>
        <ReceivablesPage />
      </App>
    </MemoryRouter>,
  );
}

describe('/financial/receivables', () => {
  it('opens on the burn-down filtered as the home to-do links it, the filter shown in its form', async () => {
    renderPage('/financial/receivables?tab=burn&alert=near&alert=over');
    // The burn-down tab, asked for the raised alerts only: the rows the tile counted.
    expect((await screen.findByTestId('burn-alert-4')).textContent).toBe('已达 80%');
    expect(screen.getByTestId('burn-alert-5').textContent).toBe('已达 100%');
    expect(screen.queryByTestId('burn-alert-6')).toBeNull();
    const listed = calls('receivables.burnDown').map(([, input]) => (input as { body: object }).body);
    expect(listed).toContainEqual(expect.objectContaining({ alert: ['near', 'over'], page: 1 }));
    expect(screen.getByRole('tab', { name: '合同消耗', selected: true })).toBeTruthy();
    // The form shows the address's filter: both alerts chosen.
    const filter = screen.getByTestId('burn-alert-filter');
    await waitFor(() => expect(within(filter).getByTitle('已达 80%')).toBeTruthy());
    expect(within(filter).getByTitle('已达 100%')).toBeTruthy();
    // The alerts above the tabs, in words.
    expect(within(screen.getByTestId('burn-alerts')).getByText(/HT-4/).textContent).toContain('84%');
  });

  it('opens on the statement balances without a link, the burn-down unfiltered when chosen', async () => {
    renderPage('/financial/receivables');
    expect(await screen.findByRole('tab', { name: '结算单余额', selected: true })).toBeTruthy();
    screen.getByRole('tab', { name: '合同消耗' }).click();
    expect((await screen.findByTestId('burn-alert-6')).textContent).toBe('未超额');
    const listed = calls('receivables.burnDown').map(([, input]) => (input as { body: object }).body);
    expect(listed).toContainEqual(expect.not.objectContaining({ alert: expect.anything() }));
  });

  it('fits every table at 1440 × 900 without a sideways scroll bar: aging, balances, payments, burn-down, unbilled', async () => {
    renderPage('/financial/receivables');
    const container = document.body;
    const widths = () =>
      [...container.querySelectorAll<HTMLElement>('.ant-table-body table, .ant-table-content table')].map(
        (t) => Number.parseFloat(t.style.width),
      );
    await screen.findByTestId('receivables-aging');
    const seen: number[] = [];
    for (const tab of ['结算单余额', '收款', '合同消耗', '未结算工作']) {
      screen.getByRole('tab', { name: tab }).click();
      await waitFor(() => expect(widths().length).toBeGreaterThan(seen.length));
      seen.splice(0, seen.length, ...widths());
    }
    // The aging's and the four tabs' tables, each the sum of its columns' widths (scroll.x), within the box.
    expect(seen).toHaveLength(5);
    for (const width of seen) {
      expect(width).toBeGreaterThan(0);
      expect(width).toBeLessThanOrEqual(TABLE_BOX - 20);
    }
  });
});
