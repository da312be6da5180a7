/**
 * Pinyin initials of a Chinese name (北京市 → bjs), for searching regions by pinyin without a
 * pinyin dictionary: ICU's pinyin collation orders every common hanzi by its reading, so the last
 * boundary character (the first hanzi of each initial in that order) at or below a character
 * gives its initial. Place names read some characters other than their commonest reading (重庆
 * chóng, 厦门 xià, 长沙 cháng); those are listed.
 */
const collator = new Intl.Collator('zh-u-co-pinyin');
const BOUNDARIES = '阿八嚓哒妸发旮哈讥咔垃呣拏噢妑七呥仨他穵夕丫帀';
const LETTERS = 'abcdefghjklmnopqrstwxyz';
const PLACE_READINGS: Record<string, string> = {
  重: 'c', // 重庆
  厦: 'x', // 厦门
  长: 'c', // 长沙, 长春, 长治
  六: 'l', // 六安, 六盘水
  单: 's', // 单县
  番: 'p', // 番禺
  莘: 's', // 莘县
  蔚: 'y', // 蔚县
  洞: 't', // 洪洞
  涡: 'g', // 涡阳
  铅: 'y', // 铅山
  歙: 's', // 歙县
  乐: 'l', // 乐山, 乐东
  会: 'h', // 会理, 会同
  员: 'y', // 员山
  济: 'j', // 济南
};

const seen = new Map<string, string>();

function initial(char: string): string {
  let letter = seen.get(char);
  if (letter === undefined) {
    letter = lookUp(char);
    seen.set(char, letter);
  }
  return letter;
}

function lookUp(char: string): string {
  if (/[0-9a-z]/i.test(char)) return char.toLowerCase();
  if (!/\p{Script=Han}/u.test(char)) return '';
  const known = PLACE_READINGS[char];
  if (known) return known;
  let letter = '';
  for (let i = 0; i < BOUNDARIES.length; i++) {
    if (collator.compare(char, BOUNDARIES[i]!) < 0) break;
    letter = LETTERS[i]!;
  }
  return letter;
}

export const pinyinInitials = (name: string): string => [...name].map(initial).join('');
