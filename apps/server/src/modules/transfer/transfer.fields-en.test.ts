import { DUTY_TYPES } from '@portal/contracts/constants';
import {
  TRANSFER_DATASET_TITLES_EN,
  TRANSFER_FIELD_LABELS_EN,
  TRANSFER_VALUE_LABELS_EN,
} from '@portal/contracts/transfer-fields-en';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_WAY_LABELS,
  BUSINESS_TYPE_LABELS,
  OPEN_WAY_LABELS,
  PROCESS_TYPE_LABELS,
  STATUS_LABELS,
  YES_NO_LABELS,
} from './transfer.catalogue.ts';
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
  it('names every data set and every coded value of a file in English, one value to one label', () => {
    for (const d of Object.values(DATASETS)) expect(TRANSFER_DATASET_TITLES_EN[d.title]?.trim()).toBeTruthy();
    const columns: Record<string, readonly string[]> = {
      业务类型: Object.values(BUSINESS_TYPE_LABELS),
      办理方式: Object.values(PROCESS_TYPE_LABELS),
      访问方式: Object.values(ACCESS_WAY_LABELS),
      打开方式: Object.values(OPEN_WAY_LABELS),
      是否公开: Object.values(YES_NO_LABELS),
      状态: Object.values(STATUS_LABELS),
      职责类型: DUTY_TYPES,
      启用: ['是', '否'],
    };
    expect(Object.keys(TRANSFER_VALUE_LABELS_EN).sort()).toEqual(Object.keys(columns).sort());
    for (const [header, values] of Object.entries(columns)) {
      const labels = TRANSFER_VALUE_LABELS_EN[header]!;
      expect(Object.keys(labels).sort()).toEqual([...values].sort());
      // An import reads an English label back (any case): two values of one label could not be told apart.
      const folded = Object.values(labels).map((l) => l.toLowerCase());
      expect(new Set(folded).size).toBe(folded.length);
    }
  });
});
