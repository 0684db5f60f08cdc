import type { Gender } from '../../../../shared/contracts/family-tree.ts'

/** The order the form offers them in: "not said" first, as the default. */
export const genderChoices: readonly Gender[] = ['', 'Masculino', 'Femenino', 'Otro']

/** Genders are stored as Spanish words (Masculino, Femenino, Otro); each screen shows its own translation. */
export const genderLabelKey: Record<Gender, string> = {
  Masculino: 'gender.male',
  Femenino: 'gender.female',
  Otro: 'gender.other',
  '': 'gender.unspecified',
}
