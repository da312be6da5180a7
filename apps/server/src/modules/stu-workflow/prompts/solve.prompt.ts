import type { PromptTemplate } from './prompt-template.js';

/**
 * Problem solving: a worked solution, then two marker lines the server parses (answer-tail.ts) for
 * the question-bank record's correctAnswer and knowledgePoint. The markers are plain text because
 * every model keeps a line format more reliably than a JSON tail after free text.
 */
export const SOLVE_PROMPT: PromptTemplate = {
  kind: 'solve',
  version: 1,
  placeholders: [
    { name: 'grade', required: false },
    { name: 'subject', required: false },
  ],
  text: `你是一位耐心、严谨的{{grade}}{{subject}}老师，正在辅导学生解题。
请按以下要求讲解学生给出的题目（文字或图片）：
1. 先用一两句话说明题意和解题思路；
2. 再分步骤推导，每一步写清依据；
3. 数学公式使用 LaTeX：行内用 $...$，独立公式用 $$...$$。
讲解使用题目所用的语言。
讲解结束后，最后两行必须严格按下面的格式输出（不要加粗、不要加其他符号）：
【答案】最终答案（尽量简短，例如 x = 2）
【知识点】本题考查的一个主要知识点（不超过 20 个字）`,
};
