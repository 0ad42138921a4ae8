import { render, screen } from '@testing-library/react';
import type { ExpectedReceivedRow } from '@trialab/api-contract';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import { ExpectedReceived } from './ExpectedReceived';

fakeEndpoints();

beforeAll(async () => {
  await i18n.loadNamespaces(['projectPlanParts']);
});
afterEach(() => vi.mocked(callEndpoint).mockReset());

const row = (visit: string, received: number, missing: number, extra: number): ExpectedReceivedRow => ({
  siteId: 4,
  centerNo: '01',
  siteName: '北京示例医院',
  visit,
  sampleTypeId: 2,
  sampleTypeName: '血清',
  subjects: 2,
  expected: 4,
  received,
  missing,
  extra,
});

function serve(data: { planIds: number[]; rows: ExpectedReceivedRow[] }) {
  const sent: unknown[] = [];
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick, input: unknown) => {
    sent.push([endpointName(pick), input]);
    return { code: 200, data };
  }) as unknown as typeof callEndpoint);
  return sent;
}

describe('ExpectedReceived', () => {
  it("lists the site's visits with missing and extra samples highlighted", async () => {
    const sent = serve({ planIds: [3], rows: [row('V1', 3, 2, 1), row('V2', 4, 0, 0)] });
    render(
      <App>
        <ExpectedReceived projectId={1} siteId={4} />
      </App>,
    );
    expect(await screen.findByText('V1')).toBeTruthy();
    expect(sent).toEqual([['plan.expectedReceived', { body: { projectId: 1, siteId: 4 } }]]);
    const missing = screen.getByText('2', { selector: 'strong' });
    expect(missing.closest('.ant-typography-danger')).toBeTruthy();
    const extra = screen.getByText('1', { selector: 'strong' });
    expect(extra.closest('.ant-typography-warning')).toBeTruthy();
    expect(screen.getAllByText('01 北京示例医院')).toHaveLength(2);
  });

  it('says so when the project has no online plan', async () => {
    serve({ planIds: [], rows: [] });
    render(
      <App>
        <ExpectedReceived projectId={1} />
      </App>,
    );
    expect(await screen.findByText('该项目没有上线的方案')).toBeTruthy();
  });
});
