/**
 * A short description of a browser's user agent, for the person confirming a QR sign-in ("Chrome
 * 131 on Windows"). Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
 */
const BROWSERS: [string, RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['WeChat', /MicroMessenger\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: [string, RegExp][] = [
  ['HarmonyOS', /HarmonyOS|OpenHarmony/],
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux/],
];

export function describeUserAgent(userAgent: string): { browser: string; os: string } {
  let browser = '';
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const os = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? '';
  return { browser: browser || userAgent.slice(0, 64), os };
}
