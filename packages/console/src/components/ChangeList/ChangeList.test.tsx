import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, loadAllNamespaces } from '../../locales';
import { ChangeLines, ChangeTable } from '.';

// A field's word is its object's: a consumable's `size` is its size, not the pager's page size.
describe('change lists name fields by their object', () => {
  beforeAll(async () => {
    await loadAllNamespaces();
  });

  const consumable = {
    entity: 'supplyConsumable',
    refs: {},
    oldValue: { size: '5ml', vendor: 'Acme' },
    newValue: { size: '10ml', vendor: 'Acme' },
  };

  it("shows a consumable's size as its size in every language", async () => {
    for (const [lang, word] of [
      ['en-US', 'Size'],
      ['zh-CN', '规格'],
      ['zh-HK', '規格'],
    ] as const) {
      await changeLanguage(lang);
      const table = render(<ChangeTable row={consumable} />);
      expect(screen.getByTitle('size').textContent).toBe(word);
      table.unmount();
      const lines = render(<ChangeLines row={consumable} width={400} />);
      expect(screen.getByText(`${word}:`, { normalizer: (s) => s.trim() })).toBeTruthy();
      lines.unmount();
    }
  });

  it("keeps the shared word for another object's size", async () => {
    await changeLanguage('en-US');
    render(<ChangeTable row={{ ...consumable, entity: 'exportJob' }} />);
    expect(screen.getByTitle('size').textContent).toBe('Page size');
  });
});
