import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { StatementLine } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EndpointPick, endpointName } from '../../../services/query';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import FinalStatementDetailPage from './index';

fakeEndpoints();

afterEach(() => vi.mocked(callEndpoint).mockReset());

const TOTAL = 25;
const line = (n: number): StatementLine => ({
  id: 1000 + n,
  eventId: 5000 + n,
  kind: 'test',
  serviceKey: 'test:CBC',
  sourceLabel: `BENCH-${String(n).padStart(6, '0')} · CBC`,
  direction: 'charge',
  workDay: '2026-11-20',
  unit: 'item',
  quantity: '1.0000',
  unitPrice: '85.0000',
  taxRate: '0.060000',
  net: '80.19',
  tax: '4.81',
  gross: '85.00',
  credited: '0.00',
});

// The statement without its lines: its totals by kind are the server's sums of all 25.
const detail = {
  id: 7,
  number: null,
  projectId: 1,
  projectNo: 'KM-2026-001',
  projectName: '演示项目',
  customerName: '演示客户',
  period: '2026-11',
  currency: 'CNY',
  taxInclusive: true,
  status: 'draft',
  lineCount: TOTAL,
  net: '2004.75',
  tax: '120.25',
  gross: '2125.00',
  adjustedGross: '2125.00',
  fxRate: null,
  fxDate: null,
  signedFileId: null,
  pdfFileId: null,
  pdfSha256: null,
  fapiaoNo: null,
  fapiaoDate: null,
  cancelReason: null,
  createdBy: 1,
  creatorName: '财务',
  createdAt: '2026-11-20T02:00:00.000Z',
  reviewerName: null,
  confirmedAt: null,
  version: 1,
  kinds: [{ kind: 'test', lines: TOTAL, net: '2004.75', tax: '120.25', gross: '2125.00' }],
  adjustments: [],
  signatures: [],
  events: [],
};

type Input = { params?: { id: number }; body?: { page: number; size: number } };

describe('/financial/final-statement-detail', () => {
  it('shows the server’s totals and pages the lines through statement.lines', async () => {
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick, input?: Input) => {
      const name = endpointName(pick);
      if (name === 'statement.get') return { code: 200, data: detail };
      if (name === 'statement.lines') {
        const { page = 1, size = 10 } = input?.body ?? {};
        const from = (page - 1) * size;
        const rows = Array.from({ length: Math.max(0, Math.min(size, TOTAL - from)) }, (_, i) =>
          line(from + i + 1),
        );
        return { code: 200, data: rows, total: TOTAL };
      }
      return { code: 200, data: [] };
    }) as unknown as typeof callEndpoint);
    render(
      <MemoryRouter initialEntries={['/financial/final-statement-detail?id=7']}>
        <App>
          <FinalStatementDetailPage />
        </App>
      </MemoryRouter>,
    );
    const table = await screen.findByTestId('statement-lines');
    await within(table).findByText('BENCH-000001 · CBC');
    expect(within(table).queryByText('BENCH-000011 · CBC')).toBeNull();
    // The statement's own answer carries no lines; its totals by kind are shown as the server sent them.
    expect(screen.getByTestId('statement-detail').textContent).toContain('2,125.00');
    const linesCalls = () =>
      vi
        .mocked(callEndpoint)
        .mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === 'statement.lines')
        .map(([, input]) => input as Input);
    expect(linesCalls()[0]).toEqual({ params: { id: 7 }, body: { page: 1, size: 10 } });
    // The pager counts the server's total; page 3 asks for lines 21-25.
    // The lines' pager (the totals by kind fit one page and show none).
    expect(document.querySelectorAll('.ant-pagination')).toHaveLength(1);
    fireEvent.click(screen.getByTitle('3'));
    await within(table).findByText('BENCH-000021 · CBC');
    expect(within(table).getByText('BENCH-000025 · CBC')).toBeTruthy();
    await waitFor(() => expect(linesCalls().at(-1)?.body).toEqual({ page: 3, size: 10 }));
  });
});
