import { ACCOUNT_NAME_PATTERN, PHONE_PATTERN, TIME_OF_DAY_PATTERN } from '@lintel/contracts';
import { ID_PATTERN } from '../db/ids.js';

/**
 * What a pattern or format of a request schema asks for, in words (message keys). A schema's regular
 * expression means nothing to the person who typed the value, so a refused value is answered with
 * the rule it broke; a pattern missing here gets the generic "invalid format" sentence, never the
 * expression itself.
 */
export const PATTERN_RULES: ReadonlyMap<string, string> = new Map([
  [ID_PATTERN, 'input.id'],
  [PHONE_PATTERN, 'rule.mobile'],
  [`${PHONE_PATTERN}|^$`, 'rule.mobile'],
  [ACCOUNT_NAME_PATTERN, 'rule.accountName'],
  ['^[0-9+() -]*$', 'rule.phoneChars'],
  ['^[0-9A-Za-z()-]*$', 'rule.idNumber'],
  [TIME_OF_DAY_PATTERN, 'rule.timeOfDay'],
  ['^#[0-9a-fA-F]{6}$', 'rule.colour'],
  ['^https?://[^\\s<>"]+$', 'rule.httpUrl'],
  ['\\S', 'rule.notBlank'],
  ['^\\S+$', 'rule.noSpaces'],
  ['^[A-Za-z0-9_.:-]+$', 'rule.code'],
  ['^[A-Za-z][A-Za-z0-9_.:-]*$', 'rule.codeLetterFirst'],
  ['^[a-z][a-z0-9_-]*$', 'rule.lowerCode'],
]);

/** Formats whose failure says what a valid value looks like (formats.ts defines date and date-time). */
export const FORMAT_RULES: ReadonlyMap<string, string> = new Map([
  ['date', 'input.date'],
  ['date-time', 'input.dateTime'],
  ['email', 'rule.email'],
  ['uri', 'rule.webAddress'],
  ['url', 'rule.webAddress'],
]);

/** The JSON type a value should have had, as a sentence about the value (`rule.type.<type>`). */
export const TYPE_RULES: ReadonlyMap<string, string> = new Map([
  ['string', 'rule.type.string'],
  ['integer', 'rule.type.integer'],
  ['number', 'rule.type.number'],
  ['boolean', 'rule.type.boolean'],
  ['array', 'rule.type.array'],
  ['object', 'rule.type.object'],
  ['null', 'rule.type.null'],
]);
