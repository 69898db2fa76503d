import type { Card, CardBasicSubmit, CardType } from '@portal/contracts/workbench';

/** Cards whose tabs come from typeList: tool types, or service scenes for common use. */
export const TYPED_CARDS: readonly CardType[] = ['commonTools', 'commonUse'];

/** What the card dialog's form holds. */
export type CardFormValues = {
  cardType: CardType;
  cardName: string;
  cardIntroduction: string;
  /** ADR 0074: the English of the name and introduction ('' none). */
  cardNameEn?: string;
  cardIntroductionEn?: string;
  displayRows: number;
  roleIds: string[];
  serviceIds: string[];
  typeNames: string[];
  /** Each tab's English by its name (ADR 0074; a name no longer in typeNames is dropped). */
  typeNamesEn?: Record<string, string>;
  colors: Card['currentStatusBackgroundColor'];
  otherInformationList: Card['otherInformationList'];
};

/** The form's values of a card, as the dialog opens on it. */
export const formValuesOf = (card: Card): CardFormValues => ({
  cardType: card.cardType,
  ...card.basicConfig,
  roleIds: card.roleIds,
  serviceIds: card.serviceIds,
  typeNames: card.typeList.map((x) => x.name),
  typeNamesEn: Object.fromEntries(card.typeList.flatMap((x) => (x.nameEn ? [[x.name, x.nameEn]] : []))),
  colors: card.currentStatusBackgroundColor,
  otherInformationList: card.otherInformationList,
});

/** The card's typeList, colours and other information as the form gives them (the card type decides which apply). */
function partsOf(v: CardFormValues) {
  return {
    typeList: (v.typeNames ?? []).map((name) => ({
      name,
      serviceSceneName: v.cardType === 'commonUse' ? name : '',
      ...(v.typeNamesEn?.[name]?.trim() && { nameEn: v.typeNamesEn[name].trim() }),
    })),
    colors: v.colors ?? [],
    otherInformationList: (v.otherInformationList ?? []).map((x) => ({
      label: x.label.trim(),
      value: (x.value ?? '').trim(),
      ...(x.labelEn?.trim() && { labelEn: x.labelEn.trim() }),
    })),
    serviceIds: v.serviceIds ?? [],
  };
}

/** The fields of a new card as the form gives them (cardbasicconfig/create, and submit's without an id). */
export function newCardFields(v: CardFormValues): Omit<CardBasicSubmit, 'id'> {
  const p = partsOf(v);
  return {
    cardType: v.cardType,
    basicConfig: {
      cardName: v.cardName,
      cardIntroduction: v.cardIntroduction ?? '',
      displayRows: v.displayRows,
      // English only when typed (ADR 0074): none is the same as ''.
      ...(v.cardNameEn?.trim() && { cardNameEn: v.cardNameEn }),
      ...(v.cardIntroductionEn?.trim() && { cardIntroductionEn: v.cardIntroductionEn }),
    },
    typeList: TYPED_CARDS.includes(v.cardType) ? p.typeList : [],
    currentStatusBackgroundColor: v.cardType === 'personalMatters' ? p.colors : [],
    otherInformationList: p.otherInformationList,
    serviceIds: v.cardType === 'businessExpress' ? p.serviceIds : [],
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * An edit as cardbasicconfig/submit takes it: each field the administrator changed in the dialog (the form's value
 * against the card the dialog opened on) from the form, every other field from the card as it is now (`fresh`, read
 * right before the save), so that what another administrator saved meanwhile is not written back over (ADR 0071).
 * `roleIds`: the roles to grant when the administrator ticked or unticked some — the card's roles now with those
 * ticked added and those unticked taken away — else null (nothing to send).
 */
export function cardEdit(
  opened: Card,
  fresh: Card,
  v: CardFormValues,
): { body: CardBasicSubmit; roleIds: string[] | null } {
  const was = formValuesOf(opened);
  const wasParts = partsOf(was);
  const p = partsOf(v);
  const pick = <T>(changed: boolean, mine: T, theirs: T) => (changed ? mine : theirs);
  const typed = TYPED_CARDS.includes(fresh.cardType);
  const body: CardBasicSubmit = {
    id: fresh.id,
    cardType: fresh.cardType,
    dataSource: fresh.dataSource,
    basicConfig: {
      cardName: pick(v.cardName !== was.cardName, v.cardName, fresh.basicConfig.cardName),
      cardIntroduction: pick(
        (v.cardIntroduction ?? '') !== was.cardIntroduction,
        v.cardIntroduction ?? '',
        fresh.basicConfig.cardIntroduction,
      ),
      displayRows: pick(v.displayRows !== was.displayRows, v.displayRows, fresh.basicConfig.displayRows),
      cardNameEn: pick(
        (v.cardNameEn ?? '') !== (was.cardNameEn ?? ''),
        v.cardNameEn ?? '',
        fresh.basicConfig.cardNameEn,
      ),
      cardIntroductionEn: pick(
        (v.cardIntroductionEn ?? '') !== (was.cardIntroductionEn ?? ''),
        v.cardIntroductionEn ?? '',
        fresh.basicConfig.cardIntroductionEn,
      ),
    },
    typeList: pick(typed && !same(p.typeList, wasParts.typeList), p.typeList, fresh.typeList),
    currentStatusBackgroundColor: pick(
      fresh.cardType === 'personalMatters' && !same(p.colors, wasParts.colors),
      p.colors,
      fresh.currentStatusBackgroundColor,
    ),
    otherInformationList: pick(
      !same(p.otherInformationList, wasParts.otherInformationList),
      p.otherInformationList,
      fresh.otherInformationList,
    ),
    serviceIds: pick(
      fresh.cardType === 'businessExpress' && !same(p.serviceIds, wasParts.serviceIds),
      p.serviceIds,
      fresh.serviceIds,
    ),
  };
  const ticked = new Set(v.roleIds ?? []);
  const before = new Set(opened.roleIds);
  const added = [...ticked].filter((r) => !before.has(r));
  const removed = new Set([...before].filter((r) => !ticked.has(r)));
  const roleIds =
    added.length || removed.size ? [...new Set([...fresh.roleIds.filter((r) => !removed.has(r)), ...added])] : null;
  return { body, roleIds };
}
