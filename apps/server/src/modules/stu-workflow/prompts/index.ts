import type { PromptKind } from '@lintel/contracts';
import { ANALYSE_PROMPT } from './analyse.prompt.js';
import { CHECK_PROMPT } from './check.prompt.js';
import { PRACTISE_PROMPT } from './practise.prompt.js';
import type { PromptTemplate } from './prompt-template.js';
import { SOLVE_PROMPT } from './solve.prompt.js';

/** The repository's prompt templates, by kind (a tenant may override each: ai_prompt_override). */
export const PROMPTS: Record<PromptKind, PromptTemplate> = {
  solve: SOLVE_PROMPT,
  check: CHECK_PROMPT,
  analyse: ANALYSE_PROMPT,
  practise: PRACTISE_PROMPT,
};
export const PROMPT_KINDS = Object.keys(PROMPTS) as PromptKind[];

export * from './prompt-template.js';
