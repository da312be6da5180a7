import { Type } from 'typebox';
import { Nullable } from './common.js';

/** Fields the study wire files share (not listed in index.ts: their names are too general to export). */
export const NullableString = Nullable(Type.String());
export const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });
export const Grade = Type.String({ minLength: 1, maxLength: 32, description: 'Grade, e.g. 初二 or Grade 8' });
export const Subject = Type.String({ minLength: 1, maxLength: 32, description: 'Subject, e.g. 数学' });
