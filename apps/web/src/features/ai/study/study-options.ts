import type { TFunction } from 'i18next';

/** Common grades and subjects offered in the study forms (any other text may be typed). */
const GRADES = ['g1', 'g2', 'g3', 'g4', 'g5', 'g6', 'g7', 'g8', 'g9', 'g10', 'g11', 'g12'];
const SUBJECTS = [
  'math',
  'chinese',
  'english',
  'physics',
  'chemistry',
  'biology',
  'history',
  'geography',
  'politics',
];

export const gradeOptions = (t: TFunction) => GRADES.map((key) => ({ value: t(`aiStudy.grades.${key}`) }));
export const subjectOptions = (t: TFunction) =>
  SUBJECTS.map((key) => ({ value: t(`aiStudy.subjects.${key}`) }));

/** A file as a data URL (what the solve endpoint takes for a photographed question). */
export function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The largest photo accepted (the request limit leaves room for its base64 form). */
export const MAX_IMAGE_BYTES = 6 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
