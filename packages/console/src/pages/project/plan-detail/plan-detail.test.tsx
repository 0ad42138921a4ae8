import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import { planDetail, sample } from '../plan/fixtures';
import { comparePlans } from './compare';
import PlanDetailPage from './index';

fakeEndpoints();

afterEach(() => vi.mocked(callEndpoint).mockReset());

const wb = { sampleTypeId: 1, sampleTypeName: '全血' };
const versions = [
  {
    id: 6,
    revision: 2,
    status: 'draft',
    updatedAt: '2026-11-26T02:00:00.000Z',
    createdByName: '张项目',
    approvedByName: null,
    approvedAt: null,
    meaning: null,
  },
  {
    id: 5,
    revision: 1,
    status: 'online',
    updatedAt: '2026-11-20T02:00:00.000Z',
    createdByName: '张项目',
    approvedByName: '超级管理员',
    approvedAt: '2026-11-21T02:00:00.000Z',
    meaning: '方案审核：批准本版本的访视与样本计划',
  },
];
// V1 online: V1 serum + whole blood, V2 serum, V3 serum. Revision 2: V1 serum at 3 mL (whole blood
// dropped), V2 as it was, V3 gone, V4 new.
const v1 = planDetail({
  id: 5,
  status: 'online',
  versions,
  visits: [
    {
      id: 51,
      name: 'V1',
      enName: null,
      sort: 0,
      day: null,
      windowBefore: 0,
      windowAfter: 0,
      samples: [sample(), sample(wb)],
    },
    {
      id: 52,
      name: 'V2',
      enName: null,
      sort: 1,
      day: null,
      windowBefore: 0,
      windowAfter: 0,
      samples: [sample()],
    },
    {
      id: 53,
      name: 'V3',
      enName: null,
      sort: 2,
      day: null,
      windowBefore: 0,
      windowAfter: 0,
      samples: [sample()],
    },
    {
      id: 54,
      name: 'V5',
      enName: null,
      sort: 3,
      day: 28,
      windowBefore: 7,
      windowAfter: 7,
      samples: [sample()],
    },
  ],
});
const v2 = planDetail({
  id: 6,
  revision: 2,
  versions,
  contentHash: 'b'.repeat(64),
  signatures: [
    {
      action: 'approve',
      meaning: '批准',
      signerName: '超级管理员',
      signedAt: '2026-11-26T03:00:00.000Z',
      contentHash: 'a'.repeat(64),
    },
  ],
  visits: [
    {
      id: 61,
      name: 'V1',
      enName: null,
      sort: 0,
      day: null,
      windowBefore: 0,
      windowAfter: 0,
      samples: [sample({ volume: 3 })],
    },
    {
      id: 62,
      name: 'V2',
      enName: null,
      sort: 1,
      day: null,
      windowBefore: 0,
      windowAfter: 0,
      samples: [sample()],
    },
    {
      id: 63,
      name: 'V5',
      enName: null,
      sort: 2,
      day: 28,
      windowBefore: 7,
      windowAfter: 14,
      samples: [sample()],
    },
    {
      id: 64,
      name: 'V4',
      enName: null,
      sort: 2,
      day: null,
      windowBefore: 0,
      windowAfter: 0,
      samples: [sample(wb)],
    },
  ],
});

describe('/project/plan-detail', () => {
  it('compares two versions: visits and samples added, removed and changed', () => {
    const diffs = comparePlans(v1.visits, v2.visits);
    expect(diffs.map((d) => [d.name, d.kind])).toEqual([
      ['V1', 'changed'],
      ['V2', 'same'],
      ['V5', 'changed'],
      ['V4', 'added'],
      ['V3', 'removed'],
    ]);
    expect(diffs[2]?.window).toEqual({
      before: expect.objectContaining({ day: 28, windowAfter: 7 }),
      after: expect.objectContaining({ day: 28, windowAfter: 14 }),
    });
    expect(diffs[2]?.samples.every((x) => x.kind === 'same')).toBe(true);
    expect(diffs[0]?.samples).toEqual([
      {
        kind: 'changed',
        sampleTypeName: '血清',
        changes: [{ field: 'volume', before: '2 mL', after: '3 mL' }],
      },
      { kind: 'removed', sampleTypeName: '全血', changes: [] },
    ]);
  });

  it('shows the header, every version with its approval, and the comparison with the version before', async () => {
    vi.mocked(callEndpoint).mockImplementation((async (
      pick: EndpointPick,
      input?: { params?: { id: number } },
    ) => {
      if (endpointName(pick) === 'plan.get') return { code: 200, data: input?.params?.id === 5 ? v1 : v2 };
      return { code: 200, data: [] };
    }) as unknown as typeof callEndpoint);
    render(
      <MemoryRouter initialEntries={['/project/plan-detail?id=6']}>
        <App>
          <PlanDetailPage />
        </App>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('plan-header')).toBeTruthy();
    expect(screen.getByTestId('plan-visit-V4')).toBeTruthy();
    // The signature no longer matches the content (a window changed after signing): said so.
    expect(screen.getByTestId('plan-signature-changed').textContent).toBe(
      '签名后内容已变更，签名不再对应当前内容',
    );
    fireEvent.click(screen.getByText('版本'));
    const table = await screen.findByTestId('plan-versions');
    expect(within(table).getByText('超级管理员')).toBeTruthy();
    expect(within(table).getByText('方案审核：批准本版本的访视与样本计划')).toBeTruthy();
    fireEvent.click(screen.getByText('版本对比'));
    const v1Diff = await screen.findByTestId('plan-diff-V1');
    expect(v1Diff.dataset.kind).toBe('changed');
    expect(within(v1Diff).getByText('采集量: 2 mL → 3 mL')).toBeTruthy();
    expect(screen.getByTestId('plan-diff-V1-全血').dataset.kind).toBe('removed');
    expect(screen.getByTestId('plan-diff-V3').dataset.kind).toBe('removed');
    expect(screen.getByTestId('plan-diff-V4').dataset.kind).toBe('added');
    // A window changed alone changes the visit.
    expect(screen.getByTestId('plan-diff-V5').dataset.kind).toBe('changed');
    expect(screen.getByTestId('plan-diff-V5-window').textContent).toBe(
      '访视窗口: 第 28 天（−7/+7） → 第 28 天（−7/+14）',
    );
    // Unchanged visits show only on request.
    expect(screen.queryByTestId('plan-diff-V2')).toBeNull();
    fireEvent.click(screen.getByTestId('plan-compare-only-changes'));
    expect((await screen.findByTestId('plan-diff-V2')).dataset.kind).toBe('same');
  });

  it("names the plan in the reader's language in its header", async () => {
    const named = { ...v2, name: '主方案', enName: 'Main plan' };
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) =>
      endpointName(pick) === 'plan.get'
        ? { code: 200, data: named }
        : { code: 200, data: [] }) as unknown as typeof callEndpoint);
    await changeLanguage('en-US');
    try {
      render(
        <MemoryRouter initialEntries={['/project/plan-detail?id=6']}>
          <App>
            <PlanDetailPage />
          </App>
        </MemoryRouter>,
      );
      expect(await screen.findByText(`${named.planNo} V2 Main plan`)).toBeTruthy();
    } finally {
      await changeLanguage('zh-CN');
    }
  });
});
