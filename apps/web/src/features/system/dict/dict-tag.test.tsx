import { describe, expect, it } from 'vitest';
import { parseClasses, parseStyle } from './dict-tag';

describe('dictionary tag style', () => {
  it('reads CSS declarations into a style, leaving out what could fetch or break out', () => {
    expect(parseStyle('color: #fff; background-color: #f50;')).toEqual({
      color: '#fff',
      backgroundColor: '#f50',
    });
    expect(parseStyle('background: url(https://evil.example/x.png); font-weight: bold')).toEqual({
      fontWeight: 'bold',
    });
    expect(parseStyle('--x: 1; color; : red; border: 1px solid red')).toEqual({ border: '1px solid red' });
    expect(parseStyle(null)).toEqual({});
  });

  it('keeps only plain class names', () => {
    expect(parseClasses('strong  big "><script>')).toBe('strong big');
  });
});
