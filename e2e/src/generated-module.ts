/** The module `npm run new:module` writes into the suite's product (global-setup.ts), and its page. */
export const GENERATED_MODULE = {
  table: 'biz_e2e_note',
  path: '/system/bizE2eNote',
  columns: ['title:varchar(64)!', 'pages:integer', 'done:boolean!', 'due_on:date'],
};
