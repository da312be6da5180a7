import type { PromptTemplate } from './prompt-template.js';

/**
 * Similar questions as a JSON array (paper-json.ts validates it; one retry with the error named).
 */
export const PRACTISE_PROMPT: PromptTemplate = {
  kind: 'practise',
  version: 1,
  placeholders: [
    { name: 'grade', required: false },
    { name: 'subject', required: false },
    { name: 'knowledgePoint', required: false },
    { name: 'question', required: false },
    { name: 'count', required: true },
  ],
  text: `你是一位{{grade}}{{subject}}老师，要为学生出一份巩固练习。
知识点：{{knowledgePoint}}
参考题（学生做错或需要巩固的题目，可能为空）：
{{question}}

请出 {{count}} 道与参考题考查同一知识点、难度相近但数字或情境不同的题目，每道题有唯一、简短的标准答案
（例如一个数、一个表达式或一个选项字母）。题目使用参考题的语言；公式使用 LaTeX（$...$）。
只输出一个 JSON 数组，不要输出其他任何文字，格式如下：
[{"question": "题目", "answer": "标准答案", "knowledgePoint": "知识点"}]`,
};
