import { TIME_OF_DAY_PATTERN } from '@lintel/contracts';
import { Type } from 'typebox';
import { Day, Id } from '../../platform/http/schemas.js';

const Time = Type.String({ pattern: TIME_OF_DAY_PATTERN, description: 'HH:mm' });
const Status = Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 open, 1 done' });

export const ScheduleItem = Type.Object({
  id: Type.String(),
  scheduleTime: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  content: Type.String(),
  status: Status,
  createTime: Type.String(),
});

/** Entries of the caller between two days, both included (a month view asks for its weeks). */
export const PageBody = Type.Object(
  { startTime: Type.Optional(Day), endTime: Type.Optional(Day) },
  { additionalProperties: false },
);

const fields = {
  scheduleTime: Day,
  startTime: Time,
  endTime: Time,
  content: Type.String({ minLength: 1, maxLength: 512 }),
};

export const AddBody = Type.Object(
  { ...fields, status: Type.Optional(Status) },
  { additionalProperties: false },
);
export const UpdateBody = Type.Object(
  { id: Id, ...fields, status: Type.Optional(Status) },
  { additionalProperties: false },
);
export const SetStatusBody = Type.Object({ id: Id, status: Status }, { additionalProperties: false });
export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });
