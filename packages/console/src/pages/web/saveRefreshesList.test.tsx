// /web/create-apply and /web/create-check save and go back to their list, which is kept open in its
// tab (or its answer still cached): the save must make the list load again, or the user sees the
// rows from before the save.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../locales';
import { usePaged } from '../../components/usePaged';
import type { Contract } from '../../services/contract';
import { type EndpointPick, endpointName } from '../../services/query';
import { callEndpoint, fakeEndpoints } from '../../test/fakes';
import CreateApplyPage from './create-apply';
import CreateCheckPage from './create-check';

fakeEndpoints();

afterEach(() => {
  vi.mocked(callEndpoint).mockReset();
});

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

const contact = {
  name: '张三',
  phone: '13800000000',
  area: '上海市',
  company: null,
  detail: '中山路 1 号',
  email: null,
};

const order = {
  id: 5,
  orderNo: 'CA2026112800001',
  projectId: 1,
  projectNo: 'P1',
  projectName: 'Project',
  siteId: 2,
  siteNo: 'S2',
  siteName: 'Site',
  receiver: '张三',
  status: 'rejected',
  expectedShipDate: null,
  auditTime: null,
  auditorName: null,
  rejectReason: 'x',
  courier: null,
  expressNo: null,
  applicantId: 1,
  applicantName: 'me',
  applyTime: '2026-11-28T01:00:00.000Z',
  kitCount: 0,
  looseCount: 1,
  version: 3,
  receiveAddress: contact,
  addressId: null,
  hopedArrivalDate: null,
  note: null,
  cancelReason: null,
  dispatcherName: null,
  dispatchTime: null,
  receivedByName: null,
  receivedAt: null,
  lines: [
    {
      id: 1,
      kind: 'loose',
      kitId: null,
      kitName: null,
      consumableName: '采血管',
      size: null,
      vendor: null,
      unit: '支',
      quantityPerKit: null,
      pictureFileId: null,
      scopeOfUse: null,
      kitAmount: 2,
      deliveryModel: null,
      lotNumber: null,
      outboundQuantity: null,
      expiryDate: null,
      certificateFileId: null,
      hopedArrivalDate: null,
      note: null,
    },
  ],
  events: [],
};

const shipment = {
  id: 7,
  projectId: 1,
  siteId: 2,
  sender: contact,
  consignee: contact,
  backupContact: null,
  estimatedShipDate: '2026-12-01',
  bookSendTime: '2026-12-01T02:00:00.000Z',
  coldChain: false,
  tat: null,
  transportRequirement: null,
  note: null,
  attachmentFileIds: [],
  samples: [{ sampleTypeId: 1, temperatureId: 1, quantity: 2, unit: '管' }],
  version: 4,
};

/** The list the page returns to, as a list page shows it (kept alive in its tab beside the form). */
function ListOnScreen({ pick }: { pick: EndpointPick }) {
  const list = usePaged(pick as (api: Contract) => Contract['consumable']['paging'], {});
  return <div data-testid="list-status">{list.rows.map((r) => r.status).join(',')}</div>;
}

/** The server: the list's row reads `before` until the write, `after` from then on. */
function serve(list: string, write: string, detail: object) {
  let status = 'before';
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    const name = endpointName(pick);
    if (name === write) {
      status = 'after';
      return { code: 200, data: { id: 1, version: 9 } };
    }
    if (name === list) return { code: 200, data: [{ id: 1, status }], total: 1 };
    if (name.endsWith('.get')) return { code: 200, data: detail };
    return { code: 200, data: [] };
  }) as unknown as typeof callEndpoint);
}

function renderBeside(page: React.ReactNode, path: string, list: EndpointPick) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <App>
        {page}
        <ListOnScreen pick={list} />
      </App>
    </MemoryRouter>,
  );
}

async function confirmDialog() {
  const ok = (await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1);
  if (!ok) throw new Error('no OK button');
  await userEvent.click(ok);
}

describe('saving a form page reloads the list it returns to', () => {
  it('/web/create-apply: the applications list shows the resubmitted application', async () => {
    serve('consumable.paging', 'consumable.update', order);
    renderBeside(<CreateApplyPage />, '/web/create-apply?id=5', (c) => c.consumable.paging);
    await waitFor(() => expect(screen.getByTestId('list-status').textContent).toBe('before'));
    await waitFor(() => expect(screen.getByDisplayValue('采血管')).toBeTruthy());
    fireEvent.click(screen.getByTestId('apply-submit'));
    await confirmDialog();
    await waitFor(() => expect(calls('consumable.update')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('list-status').textContent).toBe('after'));
  });

  it('/web/create-check: the bookings list shows the edited booking', async () => {
    serve('sampleTransport.paging', 'sampleTransport.update', shipment);
    renderBeside(<CreateCheckPage />, '/web/create-check?id=7', (c) => c.sampleTransport.paging);
    await waitFor(() => expect(screen.getByTestId('list-status').textContent).toBe('before'));
    await waitFor(() => expect(calls('sampleTransport.get')).toHaveLength(1));
    const save = await screen.findByTestId('shipment-submit');
    await waitFor(() => expect(screen.getAllByDisplayValue('张三').length).toBeGreaterThan(0));
    fireEvent.click(save);
    await waitFor(() => expect(calls('sampleTransport.update')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('list-status').textContent).toBe('after'));
  });
});
