import { notifier } from '../api/notify';
import { aiText } from '../ai/ai-texts';

export type CopyOutcome = 'copied' | 'unsupported' | 'failed';

/** Puts text on the clipboard; says why not when the browser has no clipboard API or refuses. */
export async function copyText(text: string): Promise<CopyOutcome> {
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) return 'unsupported';
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** Copies and tells the user how it went, with SPEC 8's two clipboard errors. */
export async function copyWithToast(text: string): Promise<CopyOutcome> {
  const outcome = await copyText(text);
  if (outcome === 'copied') notifier().success(aiText('copied', 'Copied'));
  else if (outcome === 'unsupported')
    notifier().error(aiText('clipboardUnsupported', 'This browser does not support the clipboard.'));
  else notifier().error(aiText('copyFailed', 'Copy failed. Please try again.'));
  return outcome;
}
