import { render, screen } from '@testing-library/react';
import type { PlanColdChainRow } from '@trialab/api-contract';
import { App } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import { PlanColdChain } from './PlanColdChain';

fakeEndpoints();

beforeAll(async () => {
  await i18n.loadNamespaces(['projectPlanParts']);
});

const cold = { id: 1, name: '冷藏', range: '2~8℃' };
const deep = { id: 3, name: '深低温', range: '≤-60℃' };
const rows: PlanColdChainRow[] = [
  {
    visitId: 11,
    visit: 'V1 筛选期',
    sampleTypeId: 2,
    sampleTypeName: '血清',
    transport: cold,
    storage: deep,
    readings: [
      {
        orderNo: 'ST-0002',
        celsius: 13.6,
        excursion: true,
        samples: 2,
        recordedBy: '李实验',
        recordedAt: '2026-11-27T06:30:00.000Z',
        queryNo: 'Q20261127001',
      },
      {
        orderNo: 'ST-0001',
        celsius: 4.5,
        excursion: false,
        samples: 4,
        recordedBy: '李实验',
        recordedAt: '2026-11-20T06:30:00.000Z',
        queryNo: null,
      },
    ],
    stored: [
      { ...deep, count: 5 },
      { ...cold, count: 1 },
    ],
  },
  {
    visitId: 12,
    visit: 'V2',
    sampleTypeId: 2,
    sampleTypeName: '血清',
    transport: cold,
    storage: deep,
    readings: [],
    stored: [],
  },
];

describe('PlanColdChain', () => {
  it('shows transport, storage and where received samples are kept, marking a condition off the plan', async () => {
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick, input: unknown) => {
      expect(endpointName(pick)).toBe('plan.coldChain');
      expect(input).toEqual({ params: { id: 9 } });
      return { code: 200, data: rows };
    }) as unknown as typeof callEndpoint);
    render(
      <App>
        <PlanColdChain planId={9} />
      </App>,
    );
    const planned = await screen.findByTestId('plan-cold-chain-stored-11-2-3');
    expect(planned.textContent).toBe('深低温 ≤-60℃ × 5');
    expect(planned.className).toContain('success');
    expect(screen.getByTestId('plan-cold-chain-stored-11-2-1').className).toContain('warning');
    expect(screen.getAllByText('冷藏 2~8℃')).toHaveLength(2);
    expect(screen.getAllByText('尚未接收')).toHaveLength(2);
  });

  it('shows the transport leg: each reading at receipt, an excursion in red with who recorded it and the query, and a legend', async () => {
    vi.mocked(callEndpoint).mockImplementation((async () => ({
      code: 200,
      data: rows,
    })) as unknown as typeof callEndpoint);
    render(
      <App>
        <PlanColdChain planId={9} />
      </App>,
    );
    const excursion = await screen.findByTestId('plan-cold-chain-reading-11-2-0');
    expect(excursion.textContent).toBe('13.6℃ · ST-0002 · 2 管');
    expect(excursion.className).toContain('error');
    const inRange = screen.getByTestId('plan-cold-chain-reading-11-2-1');
    expect(inRange.className).toContain('success');
    expect(excursion.parentElement?.textContent).toContain('李实验 记录于');
    expect(excursion.parentElement?.textContent).toContain('质疑 Q20261127001');
    const legend = screen.getByTestId('plan-cold-chain-legend');
    expect(legend.textContent).toContain('签收温度超出方案运输范围');
    expect(legend.textContent).toContain('实际存储条件与方案不同');
  });
});
