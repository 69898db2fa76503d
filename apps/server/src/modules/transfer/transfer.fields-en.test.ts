import { TRANSFER_FIELD_LABELS_EN } from '@portal/contracts/transfer-fields-en';
import { describe, expect, it } from 'vitest';
import { DATASETS } from './transfer.datasets.ts';

describe('the English labels of import and export fields', () => {
  it('names every field of every data set in English, and no field that is not there', () => {
    const headers = new Set(Object.values(DATASETS).flatMap((d) => d.fields.map((f) => f.field)));
    const missing = [...headers].filter((h) => !TRANSFER_FIELD_LABELS_EN[h]?.trim());
    expect(missing).toEqual([]);
    expect(Object.keys(TRANSFER_FIELD_LABELS_EN).filter((h) => !headers.has(h))).toEqual([]);
    // Two headers of one English label would leave an English reader unable to tell them apart in one data set.
    for (const d of Object.values(DATASETS)) {
      const labels = d.fields.map((f) => TRANSFER_FIELD_LABELS_EN[f.field]);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });
});
