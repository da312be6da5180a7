import type { PromptTemplate } from './prompt-template.js';

/** A written learning analysis from the question-bank statistics (given as JSON). */
export const ANALYSE_PROMPT: PromptTemplate = {
  kind: 'analyse',
  version: 1,
  placeholders: [
    { name: 'studentName', required: false },
    { name: 'scope', required: false },
    { name: 'stats', required: true },
    { name: 'language', required: false },
  ],
  text: `你是一位经验丰富的学习顾问。下面是学生 {{studentName}} 在 {{scope}} 范围内的做题统计（JSON）：
{{stats}}

字段说明：total 题目数，checked 已核对答案数，correct 正确数，accuracy 正确率（0~1），
bySubject 按学科，byKnowledgePoint 按知识点，weakPoints 薄弱知识点，trend 按周的趋势（week 为该周周一）。

请写一份简明的学习分析（Markdown），包括：
1. 总体表现；
2. 薄弱知识点及可能的原因；
3. 近期趋势；
4. 接下来一到两周的具体练习建议。
只依据给出的数据，不要编造数据中没有的题目或分数。使用用户界面的语言：{{language}}。`,
};
