import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FORM_TEMPLATE_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import EditFormTemplatePage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockReset();
});

function renderDesigner() {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    if (endpointName(pick) === 'formTemplates.create') return { code: 200, data: { id: 5, version: 1 } };
    if (endpointName(pick) === 'formTemplates.get') return { code: 404, data: null };
    return { code: 200, data: [] };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions: Object.values(FORM_TEMPLATE_PERMISSIONS), roles: [] });
  render(
    <MemoryRouter initialEntries={['/platform/edit-plan-temp-form']}>
      <App>
        <Routes>
          <Route path="/platform/edit-plan-temp-form" element={<EditFormTemplatePage />} />
        </Routes>
      </App>
    </MemoryRouter>,
  );
}

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

describe('/platform/edit-plan-temp-form', () => {
  it('adds a field that the preview shows, and the preview enforces required once it is ticked', async () => {
    renderDesigner();
    const preview = await screen.findByTestId('form-preview');
    fireEvent.click(screen.getByTestId('field-add'));
    expect(await screen.findByTestId('field-item-field1')).toBeTruthy();
    expect(await within(preview).findByText('单行文本')).toBeTruthy();

    // Optional: checking the empty preview passes.
    fireEvent.click(screen.getByTestId('form-preview-check'));
    await waitFor(() => expect(within(preview).queryByText('请填写单行文本')).toBeNull());

    fireEvent.click(within(screen.getByTestId('field-properties')).getByTestId('field-required'));
    fireEvent.click(screen.getByTestId('form-preview-check'));
    expect(await within(preview).findByText('请填写单行文本')).toBeTruthy();
    fireEvent.change(within(preview).getByLabelText('单行文本'), { target: { value: '已填写' } });
    await waitFor(() => expect(within(preview).queryByText('请填写单行文本')).toBeNull());
  });

  it('renames a field in the side form and saves the fields in their order as the contract reads them', async () => {
    renderDesigner();
    await screen.findByTestId('form-preview');
    fireEvent.click(screen.getByTestId('field-add'));
    fireEvent.click(screen.getByTestId('field-add'));
    fireEvent.change(within(screen.getByTestId('field-properties')).getByTestId('field-key'), {
      target: { value: 'kitLot' },
    });
    expect(await screen.findByTestId('field-item-kitLot')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('编码'), { target: { value: 'KIT-2' } });
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '试剂盒补发' } });
    fireEvent.click(screen.getByTestId('form-template-save'));
    await waitFor(() => expect(calls('formTemplates.create')).toHaveLength(1));
    const [, input] = calls('formTemplates.create')[0] ?? [];
    const body = (input as { body: { code: string; fields: unknown[] } }).body;
    expect(body.code).toBe('KIT-2');
    expect(body.fields).toMatchObject([
      { key: 'field1', type: 'text', sort: 0, required: false },
      { key: 'kitLot', type: 'text', sort: 1 },
    ]);
  });
});
