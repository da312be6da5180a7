/**
 * Where JSON text first breaks the grammar (RFC 8259), as a character offset. JSON.parse says so
 * only in some engines' messages (V8's newer ones name no position at all), so the tools demo
 * finds the place itself with this small recursive-descent scanner.
 */
export function jsonErrorOffset(text: string): number | null {
  let at = 0;
  const fail = (): never => {
    throw at;
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const expect = (char: string) => {
    if (text[at] !== char) fail();
    at++;
  };
  const string = () => {
    expect('"');
    for (;;) {
      if (at >= text.length) fail();
      const char = text[at]!;
      if (char === '"') return void at++;
      if (char < ' ') fail();
      if (char === '\\') {
        at++;
        if (text[at] === 'u') {
          at++;
          for (let i = 0; i < 4; i++, at++) if (!/[0-9a-fA-F]/.test(text[at] ?? '')) fail();
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[at] ?? 'x')) fail();
      }
      at++;
    }
  };
  const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const value = (): void => {
    space();
    const char = text[at];
    if (char === '{') {
      at++;
      space();
      if (text[at] === '}') return void at++;
      for (;;) {
        space();
        string();
        space();
        expect(':');
        value();
        space();
        if (text[at] === '}') return void at++;
        expect(',');
      }
    }
    if (char === '[') {
      at++;
      space();
      if (text[at] === ']') return void at++;
      for (;;) {
        value();
        space();
        if (text[at] === ']') return void at++;
        expect(',');
      }
    }
    if (char === '"') return string();
    for (const word of ['true', 'false', 'null'])
      if (text.startsWith(word, at)) return void (at += word.length);
    NUMBER.lastIndex = at;
    if (!NUMBER.test(text)) fail();
    at = NUMBER.lastIndex;
  };
  try {
    value();
    space();
    if (at < text.length) fail();
    return null;
  } catch (offset) {
    // Anything else is the scanner's stack running out on deep nesting: the place stays unknown.
    return typeof offset === 'number' ? offset : null;
  }
}
