/** A browser's User-Agent as "browser major-version" and operating system, for the login log. */
export interface ClientSummary {
  browser: string | null;
  os: string | null;
}

// Order matters: Chromium-based browsers also say Chrome and Safari, Chrome also says Safari.
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/MicroMessenger\/(\d+)/, 'WeChat'],
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/HeadlessChrome\/(\d+)/, 'Chrome Headless'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, (m: RegExpExecArray) => string]> = [
  [/Windows NT (\d+\.\d+)/, (m) => (m[1] === '10.0' ? 'Windows 10/11' : `Windows NT ${m[1]}`)],
  [/(?:iPhone|CPU) OS (\d+)/, (m) => `iOS ${m[1]}`],
  [/iPad/, () => 'iPadOS'],
  [/Mac OS X/, () => 'macOS'],
  [/Android (\d+)/, (m) => `Android ${m[1]}`],
  [/CrOS/, () => 'ChromeOS'],
  [/Linux/, () => 'Linux'],
];

export function summariseUserAgent(ua: string | null | undefined): ClientSummary {
  if (!ua) return { browser: null, os: null };
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const m = pattern.exec(ua);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  // Not a browser (a script, a monitoring probe): its first product token.
  if (!browser) {
    const m = /^([\w.-]+)\/(\d+(?:\.\d+)?)/.exec(ua);
    browser = m && m[1] !== 'Mozilla' ? `${m[1]} ${m[2]}` : null;
  }
  let os: string | null = null;
  for (const [pattern, name] of SYSTEMS) {
    const m = pattern.exec(ua);
    if (m) {
      os = name(m);
      break;
    }
  }
  return { browser, os };
}
