import { CONST_TYPES, type ConstTypeName } from '@lintel/contracts';

export type ConstValue = number | string;

/**
 * Where constants come from: the shared enums of @lintel/contracts, compiled into the build, so
 * there is no SQL here. Kept apart so the service only localizes and shapes.
 */
export class SysConstRepo {
  typeNames(): ConstTypeName[] {
    return Object.keys(CONST_TYPES) as ConstTypeName[];
  }

  /** The entries (key, value) of one type, in declaration order; undefined for an unknown type. */
  entries(typeName: string): [string, ConstValue][] | undefined {
    if (!Object.hasOwn(CONST_TYPES, typeName)) return undefined;
    return Object.entries(CONST_TYPES[typeName as ConstTypeName]);
  }
}
