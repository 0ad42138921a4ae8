import { describe, expect, it } from 'vitest';
import { barcodesOf, batchEditTargetOf, changesOf, filterText } from './target';

describe('batch edit target', () => {
  it('reads the selection or the filter from the navigation state, nothing else', () => {
    expect(batchEditTargetOf({ state: { batchEdit: { barcodes: ['A', 'B'] } } })).toEqual({
      barcodes: ['A', 'B'],
    });
    expect(batchEditTargetOf({ state: { batchEdit: { filter: { code: 'BE' } } } })).toEqual({
      filter: { code: 'BE' },
    });
    expect(batchEditTargetOf({ state: null })).toBeNull();
    expect(batchEditTargetOf({ state: { batchEdit: { barcodes: 'A' } } })).toBeNull();
  });

  it('splits pasted barcodes on lines, commas and spaces, without repeats', () => {
    expect(barcodesOf(' BE-0001\nBE-0002, BE-0001；BE-0003 \n\n')).toEqual(['BE-0001', 'BE-0002', 'BE-0003']);
  });

  it('names the filter fields that are set', () => {
    expect(filterText({ code: 'BE', library: ['stored', 'none'], visit: '', projectId: undefined })).toBe(
      'code: BE; library: stored/none',
    );
  });

  it('sends only the values given (blank: unchanged), the volume as a number', () => {
    expect(changesOf({ volumeUl: ' 300 ', remark: '  ', visit: '第4周 V2' })).toEqual({
      volumeUl: 300,
      visit: '第4周 V2',
    });
    expect(changesOf({ sampleTypeId: 3 })).toEqual({ sampleTypeId: 3 });
    expect(changesOf({})).toEqual({});
  });
});
