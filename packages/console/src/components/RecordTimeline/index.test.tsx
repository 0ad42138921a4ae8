import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LIBRARY_PERMISSIONS, type SpecimenTimeline } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../locales';
import { type EndpointPick, endpointName } from '../../services/query';
import { usePermission } from '../../stores/permission';
import { callEndpoint, downloadEndpoint, fakeEndpoints } from '../../test/fakes';
import { SpecimenTimelineDrawer, TimelineButton } from '.';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockReset();
});

const story: SpecimenTimeline = {
  specimen: {
    id: 9,
    code: 'LIB-TL-0001',
    projectNo: 'KM-2026-002',
    subjectNo: 'S-002-0201',
    visit: '基线 V1',
    sampleTypeName: '血清',
    library: 'stored',
    freezeThaw: 1,
    place: 'ULT-01 / R01 / A5 / A2',
  },
  events: [
    {
      at: '2026-10-20T02:00:00.000Z',
      kind: 'receipt',
      title: '实验室接收',
      detail: '到货温度 -72.5 ℃（要求 -90~-60℃）：符合要求',
      who: '李实验',
      reference: 'ST-DEMO-TL-001',
      files: [{ id: 41, name: 'temperature-logger.pdf' }],
    },
    {
      at: '2026-10-21T02:00:00.000Z',
      kind: 'storage',
      title: '入库',
      detail: '库外 → ULT-01 / R01 / A4 / A1',
      who: '赵样本',
      reference: null,
      files: [],
    },
  ],
};

describe('SpecimenTimelineDrawer', () => {
  it("asks the specimen's timeline by barcode and shows each event with its kind, words, reference, person and files", async () => {
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) =>
      endpointName(pick) === 'libraryLog.specimenTimeline'
        ? { code: 200, data: story }
        : { code: 200, data: null }) as unknown as typeof callEndpoint);
    render(
      <App>
        <SpecimenTimelineDrawer code="LIB-TL-0001" onClose={() => {}} />
      </App>,
    );
    const events = await screen.findAllByTestId('timeline-event');
    expect(events.map((e) => e.getAttribute('data-kind'))).toEqual(['receipt', 'storage']);
    expect(events[0]?.textContent).toContain('接收');
    expect(events[0]?.textContent).toContain('实验室接收');
    expect(events[0]?.textContent).toContain('ST-DEMO-TL-001');
    expect(events[0]?.textContent).toContain('李实验');
    expect(events[1]?.textContent).toContain('库外 → ULT-01 / R01 / A4 / A1');
    expect(screen.getByText('ULT-01 / R01 / A5 / A2')).toBeTruthy();
    const call = vi
      .mocked(callEndpoint)
      .mock.calls.find(([pick]) => endpointName(pick as EndpointPick) === 'libraryLog.specimenTimeline');
    expect(call?.[1]).toEqual({ body: { code: 'LIB-TL-0001' } });
    // The captured file downloads through the files' own endpoint.
    fireEvent.click(screen.getByText('temperature-logger.pdf'));
    await waitFor(() => expect(downloadEndpoint).toHaveBeenCalled());
    const [pick, input, name] = vi.mocked(downloadEndpoint).mock.calls.at(-1) ?? [];
    expect(endpointName(pick as EndpointPick)).toBe('system.fileDownload');
    expect(input).toEqual({ params: { id: 41 } });
    expect(name).toBe('temperature-logger.pdf');
  });

  it('renders nothing while closed and asks nothing', () => {
    const { container } = render(<SpecimenTimelineDrawer code={null} onClose={() => {}} />);
    expect(container.textContent).toBe('');
    expect(callEndpoint).not.toHaveBeenCalled();
  });
});

describe('TimelineButton', () => {
  it('is offered only to whoever may read the custody log', async () => {
    const { rerender } = render(<TimelineButton onClick={() => {}} testId="open" />, {
      wrapper: MemoryRouter,
    });
    expect(screen.queryByTestId('open')).toBeNull();
    usePermission.setState({ permissions: [LIBRARY_PERMISSIONS.logPage], roles: [] });
    const clicked = vi.fn();
    rerender(<TimelineButton onClick={clicked} testId="open" />);
    fireEvent.click(await screen.findByTestId('open'));
    expect(clicked).toHaveBeenCalledTimes(1);
  });
});
