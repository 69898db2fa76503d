import { IMPORT_MAX_BYTES } from '@portal/contracts/constants';
import { describe, expect, it } from 'vitest';
import {
  checkFieldsError,
  exportFieldParam,
  exportFieldsError,
  failureAction,
  fileNameError,
  headerLineError,
  importFileError,
  matchError,
  ruleError,
} from './validation.ts';

const FIELDS = [
  { id: 'deptName', field: '所属部门', required: true, dictCode: 'dept', checkable: true },
  { id: 'dutyName', field: '职责名称', required: true, dictCode: null, checkable: true },
  { id: 'dutyType', field: '职责类型', required: false, dictCode: 'dutyType', checkable: true },
];

describe('export dialog rules (section 5)', () => {
  it('requires a file name of 3 to 30 Chinese characters, letters, digits, dot or underscore', () => {
    expect(fileNameError('')).toBe('请输入文件名称');
    expect(fileNameError('  ')).toBe('请输入文件名称');
    expect(fileNameError('职责-清单')).toBe('特殊字符只能包括点和下划线');
    expect(fileNameError('a b c')).toBe('特殊字符只能包括点和下划线');
    expect(fileNameError('ab')).toBe('文件名称不可少于三个字符');
    expect(fileNameError('a'.repeat(31))).not.toBeNull();
    expect(fileNameError('职责清单_2026.v1')).toBeNull();
    expect(fileNameError('abc')).toBeNull();
  });
  it('requires at least one field and joins them as id:field', () => {
    expect(exportFieldsError([])).toBe('请至少选择一个导出字段');
    expect(exportFieldsError(['dutyName'])).toBeNull();
    expect(exportFieldParam(FIELDS, ['dutyType', 'deptName'])).toBe('deptName:所属部门,dutyType:职责类型');
  });
});

describe('import dialog rules (section 5)', () => {
  it('takes one xls or xlsx file of at most 20 MB', () => {
    expect(importFileError([])).toBe('请上传文件');
    expect(
      importFileError([
        { name: 'a.xlsx', size: 1 },
        { name: 'b.xlsx', size: 1 },
      ]),
    ).toBe('当前限制选择 1 个文件，请删除后再上传');
    expect(importFileError([{ name: 'a.txt', size: 1 }])).toBe('上传格式不符合要求，请重新上传');
    expect(importFileError([{ name: 'a.xlsx', size: IMPORT_MAX_BYTES + 1 }])).toBe('上传文件大小不能超过 20MB');
    expect(importFileError([{ name: 'A.XLS', size: IMPORT_MAX_BYTES }])).toBeNull();
  });
  it('needs a header row from 1 to 10, a duplicate rule and check fields', () => {
    expect(headerLineError('')).toBe('请输入表头所在行');
    expect(headerLineError(0)).toBe('表头所在行须为1到10之间的整数');
    expect(headerLineError(11)).toBe('表头所在行须为1到10之间的整数');
    expect(headerLineError(2.5)).toBe('表头所在行须为1到10之间的整数');
    expect(headerLineError(3)).toBeNull();
    expect(ruleError(null)).toBe('请选择重复数据规则');
    expect(ruleError(2)).toBeNull();
    expect(checkFieldsError([])).toBe('请选择校验字段');
    expect(checkFieldsError(['deptName'])).toBeNull();
  });
  it('needs every required system field matched', () => {
    expect(matchError(FIELDS, [{ excelField: '部门', dbField: 'deptName' }])).toBe('请匹配所有系统必填字段');
    expect(
      matchError(FIELDS, [
        { excelField: '部门', dbField: 'deptName' },
        { excelField: '名称', dbField: 'dutyName' },
      ]),
    ).toBeNull();
  });
});

describe('dialog statuses (section 8)', () => {
  it('closes on 1002, ignores 8010 while polling, shows anything else', () => {
    expect(failureAction(1002, false)).toBe('close');
    expect(failureAction(8010, true)).toBe('ignore');
    expect(failureAction(8010, false)).toBe('show');
    expect(failureAction(8008, true)).toBe('show');
  });
});
