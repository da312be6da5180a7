import { CardType, CultureLevel, Gender } from '@lintel/contracts';
import type { TFunction } from 'i18next';

/** Select options of the profile form, labelled in the current language (SPEC 3 Account). */
export const genderOptions = (t: TFunction) =>
  Object.entries(Gender).map(([name, value]) => ({ value, label: t(`personal.gender.${name}`) }));

export const cardTypeOptions = (t: TFunction) =>
  Object.entries(CardType).map(([name, value]) => ({ value, label: t(`personal.cardType.${name}`) }));

export const cultureLevelOptions = (t: TFunction) =>
  Object.entries(CultureLevel).map(([name, value]) => ({ value, label: t(`personal.culture.${name}`) }));
