import { Type } from 'typebox';

export const ChangelogResult = Type.Object({
  version: Type.String({ description: 'The product version (root package.json)' }),
  entries: Type.Array(
    Type.Object({ date: Type.String(), title: Type.String(), items: Type.Array(Type.String()) }),
  ),
});
