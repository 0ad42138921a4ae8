import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FORM_TEMPLATE_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
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

// The draft the first save makes, as the server answers it.
const draft = {
  id: 5,
  code: 'KIT-2',
  name: '试剂盒补发',
  description: null,
  status: 'draft',
  revision: 1,
  version: 1,
  fields: [{ key: 'field1', type: 'text', sort: 0, required: false, label: { 'zh-CN': '单行文本' } }],
};

function Address() {
  const location = useLocation();
  return <div data-testid="address">{location.pathname + location.search}</div>;
}

function renderDesigner() {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    if (endpointName(pick) === 'formTemplates.create') return { code: 200, data: { id: 5, version: 1 } };
    if (endpointName(pick) === 'formTemplates.get') return { code: 200, data: draft };
    return { code: 200, data: [] };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions: Object.values(FORM_TEMPLATE_PERMISSIONS), roles: [] });
  render(
    <MemoryRouter initialEntries={['/platform/edit-plan-temp-form']}>
      <App>
        <Routes>
          <Route
            path="/platform/edit-plan-temp-form"
            element={
              <>
                <EditFormTemplatePage />
                <Address />
              </>
            }
          />
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

  it('refuses to save while a field is incomplete, saying which, and shows that field', async () => {
    renderDesigner();
    await screen.findByTestId('form-preview');
    fireEvent.click(screen.getByTestId('field-add'));
    fireEvent.click(screen.getByTestId('field-add'));
    // The second field's key made invalid: it is incomplete (not in the preview, not saved).
    fireEvent.change(within(screen.getByTestId('field-properties')).getByTestId('field-key'), {
      target: { value: '2nd' },
    });
    const refusal = '字段「2nd」的设置还不完整，预览中暂不显示';
    expect(await screen.findAllByText(refusal)).toHaveLength(1); // the designer's own warning
    fireEvent.click(screen.getByTestId('field-item-field1')); // another field chosen
    fireEvent.change(screen.getByLabelText('编码'), { target: { value: 'KIT-2' } });
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '试剂盒补发' } });
    fireEvent.click(screen.getByTestId('form-template-save'));
    // The refusal as a message beside the warning, and the incomplete field chosen again.
    await waitFor(() => expect(screen.getAllByText(refusal)).toHaveLength(2));
    expect(screen.getByTestId('field-item-2nd').style.fontWeight).toBe('600');
    expect(calls('formTemplates.create')).toHaveLength(0);
  });

  it('stays on the designer after the first save, at the address of the new draft', async () => {
    renderDesigner();
    await screen.findByTestId('form-preview');
    fireEvent.click(screen.getByTestId('field-add'));
    fireEvent.change(screen.getByLabelText('编码'), { target: { value: 'KIT-2' } });
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '试剂盒补发' } });
    fireEvent.click(screen.getByTestId('form-template-save'));
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe('/platform/edit-plan-temp-form?id=5'),
    );
    expect((await screen.findAllByText('已保存')).length).toBeGreaterThan(0);
    expect(await screen.findByTestId('form-template-publish')).toBeTruthy();
    expect((screen.getByLabelText('编码') as HTMLInputElement).value).toBe('KIT-2');
    expect(screen.getByTestId('field-item-field1')).toBeTruthy();
  });
});
