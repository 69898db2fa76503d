import type { Card } from '@portal/contracts/workbench';
import { describe, expect, it } from 'vitest';
import { cardEdit, formValuesOf } from './card-edit.ts';

const OPENED: Card = {
  id: 'c1',
  cardType: 'businessExpress',
  basicConfig: { cardName: '办事直通车', cardIntroduction: '', displayRows: 1 },
  dataSource: '',
  typeList: [],
  currentStatusBackgroundColor: [],
  otherInformationList: [{ label: '说明', value: '旧' }],
  serviceIds: ['s1'],
  status: 1,
  roleIds: ['admin', 'teacher'],
  sort: 1,
  updatedAt: 'a',
};

describe('an edit over the card as it is now (ADR 0071)', () => {
  it('sends nothing of its own when nothing was changed: the card as it is now, and no roles', () => {
    const fresh = { ...OPENED, serviceIds: ['s1', 's2'], roleIds: ['admin'], updatedAt: 'b' };
    expect(cardEdit(OPENED, fresh, formValuesOf(OPENED))).toEqual({
      body: {
        id: 'c1',
        cardType: 'businessExpress',
        dataSource: '',
        basicConfig: OPENED.basicConfig,
        typeList: [],
        currentStatusBackgroundColor: [],
        otherInformationList: OPENED.otherInformationList,
        serviceIds: ['s1', 's2'],
      },
      roleIds: null,
    });
  });

  it('takes the unticked role away from the roles now and keeps one another administrator granted', () => {
    const fresh = { ...OPENED, roleIds: ['admin', 'teacher', 'student'] };
    const v = { ...formValuesOf(OPENED), roleIds: ['admin'], serviceIds: ['s3'] };
    const { body, roleIds } = cardEdit(OPENED, fresh, v);
    expect(roleIds).toEqual(['admin', 'student']);
    expect(body.serviceIds).toEqual(['s3']);
  });

  it('sends the English name the administrator typed, and keeps the English another administrator saved meanwhile (ADR 0074)', () => {
    const fresh: Card = {
      ...OPENED,
      cardType: 'commonTools',
      basicConfig: { ...OPENED.basicConfig, cardIntroductionEn: 'Theirs' },
      typeList: [{ name: '学习', serviceSceneName: '', nameEn: 'Study' }],
    };
    const opened = { ...OPENED, typeList: fresh.typeList };
    const v = { ...formValuesOf(opened), cardNameEn: 'Express', typeNames: ['学习', '生活'] };
    const { body } = cardEdit(opened, fresh, v);
    expect(body.basicConfig).toMatchObject({ cardNameEn: 'Express', cardIntroductionEn: 'Theirs' });
    // A tab kept keeps its English; a new one has none.
    expect(body.typeList).toEqual([
      { name: '学习', serviceSceneName: '', nameEn: 'Study' },
      { name: '生活', serviceSceneName: '' },
    ]);
  });
});
