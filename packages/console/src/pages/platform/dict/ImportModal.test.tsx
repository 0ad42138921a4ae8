import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import { ImportModal } from './ImportModal';

fakeEndpoints();

const row = (line: number, value: string, errors: string[]) => ({
  line,
  dictNo: 1011,
  value,
  label: value,
  enLabel: value,
  sort: 0,
  action: errors.length ? 'skip' : 'insert',
  errors: errors.map((message) => ({ problem: 'missingLabel', message })),
});

describe('dictionary import', () => {
  it('previews the uploaded file, then confirms that same file and names the dictionaries changed', async () => {
    const calls: Array<[string, unknown]> = [];
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick, input?: { body?: unknown }) => {
      const name = endpointName(pick);
      if (name === 'system.fileUpload') return { code: 200, data: { id: 77 } };
      calls.push([name, input?.body]);
      if (name === 'dict.importPreview')
        return {
          code: 200,
          data: { rows: [row(2, 'teal', []), row(3, 'amber', ['缺少中文名称'])], valid: 1, invalid: 1 },
        };
      return { code: 200, data: { inserted: 1, updated: 0, skipped: 1 } };
    }) as unknown as typeof callEndpoint);
    const imported = vi.fn();
    const onClose = vi.fn();
    render(
      <App>
        <ImportModal open onClose={onClose} onImported={imported} />
      </App>,
    );
    const input = document.body.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'dict.xlsx')] } });
    await waitFor(() => expect(screen.getByTestId('dict-import-errors-3').textContent).toBe('缺少中文名称'));
    expect(screen.getByTestId('dict-import-errors-2').textContent).toBe('-');
    expect(
      vi
        .mocked(callEndpoint)
        .mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === 'system.fileUpload'),
    ).toHaveLength(1);
    expect(calls).toEqual([['dict.importPreview', { fileId: 77 }]]);

    fireEvent.click(screen.getByTestId('dict-import-confirm'));
    await waitFor(() => expect(imported).toHaveBeenCalledWith([1011]));
    expect(calls[1]).toEqual(['dict.importConfirm', { fileId: 77 }]);
    expect(onClose).toHaveBeenCalled();
  });
});
