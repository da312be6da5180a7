import type { PromptTemplate } from './prompt-template.js';

/** Checking a student's answer against the recorded one; the verdict line is parsed (answer-tail.ts). */
export const CHECK_PROMPT: PromptTemplate = {
  kind: 'check',
  version: 1,
  placeholders: [
    { name: 'grade', required: false },
    { name: 'subject', required: false },
    { name: 'question', required: true },
    { name: 'correctAnswer', required: true },
    { name: 'studentAnswer', required: true },
  ],
  text: `你是一位{{grade}}{{subject}}老师，正在批改学生的答案。
题目：
{{question}}

参考答案：{{correctAnswer}}
学生答案：{{studentAnswer}}

请判断学生答案是否正确（与参考答案等价即为正确，例如化简形式不同、单位写法不同）。
如果错误，指出错在哪里并给出改正的思路；如果正确，简要肯定并说明关键步骤。数学公式使用 LaTeX。
使用题目所用的语言。
最后一行必须严格按下面的格式输出二者之一：
【判定】正确
【判定】错误`,
};
