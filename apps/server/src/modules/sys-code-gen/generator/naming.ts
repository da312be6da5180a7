/** Names the generator derives from table and column names (snake_case in SQL). */

const words = (name: string) => name.split(/[_\-\s]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean);

export const pascalCase = (name: string) =>
  words(name)
    .map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase())
    .join('');

export const camelCase = (name: string) => {
  const pascal = pascalCase(name);
  return pascal[0]!.toLowerCase() + pascal.slice(1);
};

export const kebabCase = (name: string) =>
  words(name)
    .map((w) => w.toLowerCase())
    .join('-');

/** "in_stock" → "In stock": the English label a column gets before anyone names it. */
export const humanize = (name: string) => {
  const text = words(name)
    .map((w) => w.toLowerCase())
    .join(' ');
  return text[0]!.toUpperCase() + text.slice(1);
};
