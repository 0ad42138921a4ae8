import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReconciliationRow, ReconciliationSite } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../locales';
import { type EndpointPick, endpointName } from '../../services/query';
import { usePermission } from '../../stores/permission';
import { callEndpoint, downloadEndpoint, fakeEndpoints } from '../../test/fakes';
import { Reconciliation } from '.';

fakeEndpoints();

beforeAll(async () => {
  await i18n.loadNamespaces(['projectPlanParts']);
});
afterEach(() => vi.mocked(callEndpoint).mockReset());

const site = (siteId: number, centerNo: string, totals: Partial<ReconciliationSite>): ReconciliationSite => ({
  siteId,
  centerNo,
  siteName: `示例医院${centerNo}`,
  subjects: 2,
  expected: 10,
  received: 0,
  missing: 0,
  overdue: 0,
  extra: 0,
  ...totals,
});

const row = (subjectNo: string, visit: string, over: Partial<ReconciliationRow>): ReconciliationRow => ({
  siteId: 4,
  centerNo: '01',
  siteName: '示例医院01',
  subjectId: Number(subjectNo.slice(-2)),
  subjectNo,
  enrolledOn: '2026-11-01',
  visit,
  visitName: visit,
  sampleTypeId: 2,
  sampleTypeName: '血清',
  dueOn: '2026-11-01',
  windowFrom: '2026-11-01',
  windowTo: '2026-11-04',
  expected: 1,
  received: 0,
  labelled: 0,
  missing: 1,
  extra: 0,
  state: 'overdue',
  barcodes: [],
  ...over,
});

function serve(rows: ReconciliationRow[], planIds = [3]) {
  const sent: unknown[] = [];
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick, input: unknown) => {
    sent.push([endpointName(pick), input]);
    return {
      code: 200,
      data: {
        planIds,
        today: '2026-11-28',
        visits: [
          { name: 'V0', label: 'V0' },
          { name: 'V1', label: 'V1' },
        ],
        sites: [site(4, '01', { missing: 6, overdue: 4 }), site(5, '02', { subjects: 0, expected: 0 })],
        rows,
      },
    };
  }) as unknown as typeof callEndpoint);
  return sent;
}

const show = () =>
  render(
    <MemoryRouter>
      <App>
        <Reconciliation projectId={1} />
      </App>
    </MemoryRouter>,
  );

describe('Reconciliation', () => {
  it('shows missing rows with their window and state, the site totals, and the barcodes of a row', async () => {
    const sent = serve([
      row('S-01', 'V0', {}),
      row('S-02', 'V1', {
        windowFrom: null,
        windowTo: null,
        dueOn: null,
        state: 'open',
        labelled: 1,
        barcodes: [{ code: 'KM1-0002', status: 'registered', signedAt: null }],
      }),
    ]);
    show();
    expect(await screen.findByText('S-01')).toBeTruthy();
    // Opens on the rows still missing.
    expect(sent).toEqual([['plan.reconciliation', { body: { projectId: 1, view: 'missing' } }]]);
    expect(screen.getByText('2026-11-01 ~ 2026-11-04')).toBeTruthy();
    expect(screen.getByText('未设窗口')).toBeTruthy();
    expect(screen.getByText('在途 1')).toBeTruthy();
    expect(screen.getByTestId('recon-state-S-01-V0-2').textContent).toBe('已超窗');
    expect(screen.getByTestId('recon-state-S-02-V1-2').textContent).toBe('未收齐');
    // A site with subjects and nothing received shows in the totals; another with none too.
    const totals = within(screen.getByTestId('recon-site-01'));
    expect(totals.getByText('6').closest('.ant-typography-danger')).toBeTruthy();
    expect(screen.getByTestId('recon-site-02')).toBeTruthy();
    expect(screen.getByText(/今天 2026-11-28/)).toBeTruthy();

    // The drill-down: a row's barcodes.
    const expanders = screen.getAllByRole('button', { name: /展开行|Expand row/ });
    fireEvent.click(expanders[1] as HTMLElement);
    const barcodes = await screen.findByTestId('recon-barcodes-S-02-V1-2');
    expect(barcodes.textContent).toContain('KM1-0002');
    fireEvent.click(expanders[0] as HTMLElement);
    expect(await screen.findByText('尚无条码：样本未采集或未贴标')).toBeTruthy();
  });

  it('offers the export to whoever may export, with the rows shown', async () => {
    usePermission.setState({ permissions: ['project:plan:export'], roles: [] });
    serve([row('S-01', 'V0', {})]);
    show();
    await screen.findByText('S-01');
    fireEvent.click(screen.getByTestId('recon-export'));
    await waitFor(() => expect(downloadEndpoint).toHaveBeenCalled());
    const [pick, input, name] = vi.mocked(downloadEndpoint).mock.calls[0] ?? [];
    expect(endpointName(pick as EndpointPick)).toBe('plan.reconciliationExport');
    expect(input).toEqual({ body: { projectId: 1, view: 'missing' } });
    expect(name).toBe('应收实收对账.xlsx');
  });

  it('asks again for the overdue view and for the site clicked in the totals', async () => {
    const sent = serve([row('S-01', 'V0', {})]);
    show();
    await screen.findByText('S-01');
    fireEvent.click(screen.getByText('仅超窗'));
    await waitFor(() =>
      expect(sent).toContainEqual(['plan.reconciliation', { body: { projectId: 1, view: 'overdue' } }]),
    );
    fireEvent.click(within(screen.getByTestId('recon-site-02')).getByText('02 示例医院02'));
    await waitFor(() =>
      expect(sent).toContainEqual([
        'plan.reconciliation',
        { body: { projectId: 1, view: 'overdue', siteId: 5 } },
      ]),
    );
  });

  it("reads and exports through the site's own endpoints on the site's page", async () => {
    usePermission.setState({ permissions: ['web:reconciliation:export'], roles: [] });
    const sent = serve([row('S-01', 'V0', {})]);
    render(
      <MemoryRouter>
        <App>
          <Reconciliation projectId={1} side="site" />
        </App>
      </MemoryRouter>,
    );
    await screen.findByText('S-01');
    expect(sent).toEqual([['plan.siteReconciliation', { body: { projectId: 1, view: 'missing' } }]]);
    fireEvent.click(screen.getByTestId('recon-export'));
    await waitFor(() => expect(downloadEndpoint).toHaveBeenCalled());
    const [pick] = vi.mocked(downloadEndpoint).mock.calls.at(-1) ?? [];
    expect(endpointName(pick as EndpointPick)).toBe('plan.siteReconciliationExport');
  });

  it('says so when the project has no online plan', async () => {
    serve([], []);
    show();
    expect(await screen.findByText('该项目没有上线的方案')).toBeTruthy();
  });
});
