import type { GuideSection } from './guide-types';

/**
 * The user guide in English (the text for every locale without one of its own): one short section
 * per area of the menu — what it is for, the main tasks, and the permissions it takes.
 */
export const GUIDE_EN: GuideSection[] = [
  {
    id: 'signin',
    title: 'Sign-in and the shell',
    menus: [],
    body: `Sign in at **/login** with your account and password (an image captcha, and a slider when your organisation turns on second verification), with a mobile number and SMS code, by scanning a QR code from a signed-in device, or through a third-party provider your organisation set up.

- The **left menu** shows what your roles allow; pages open as **tags** above the content and keep their state while you switch.
- The **gear icon** opens the layout and theme settings (four layouts, colours, tags, breadcrumb, watermark).
- The top bar has the **bell** (notices and messages arrive live), the language switch, full screen, **lock screen** and your account menu (personal centre, sign out).
- Your organisation may sign you out after a period of inactivity; signing out also ends the API documentation login in that browser.

**Permissions:** every page is a menu permission and every button on it a button permission; both come from your **roles**. A button you may not use is not shown, and the server refuses the call as well.`,
  },
  {
    id: 'dashboard',
    title: 'Dashboard',
    menus: ['dashboard'],
    body: `**Dashboard → Home** is the first page after sign-in: a greeting and clock, your frequently used and favourite pages as shortcuts, the latest notices, your schedule calendar, key figures and the release notes of the product.

**Permissions:** the Home menu; the default roles include it. The widgets show only what your other permissions allow.`,
  },
  {
    id: 'accounts',
    title: 'Accounts and roles',
    menus: ['system'],
    body: `Under **System → Accounts**, administrators add, edit, copy, enable or disable and delete accounts, reset passwords and unlock accounts locked after failed sign-ins. Accounts can be exported (five formats) and imported from the xlsx template; after an import with refused rows, the dialog lists them and offers the uploaded workbook back with those rows marked and their reasons added, to fix and upload again.

Under **System → Roles**, a role grants **menus and buttons** (each button is one permission), a **data scope** (all, own organisation and below, own organisation, self, or chosen organisations), an **API blacklist** and a **field blacklist**. Disabling an account or changing its roles takes effect at once.

**Permissions:** the Accounts and Roles menus and their buttons (for example *import*, *export*, *reset password*, *grant role*); an administrator can only grant what they hold themselves.`,
  },
  {
    id: 'orgs',
    title: 'Organisations and positions',
    menus: ['system'],
    body: `**System → Organisations** is a tree (company, department, team…). An account belongs to one organisation and may be affiliated to others; the data scope of roles follows this tree. **System → Positions** lists job positions an account can hold. **Online users** shows who is signed in now, lets an administrator send them a message or force them offline.

**Permissions:** the Organisations, Positions and Online users menus; the lists show only the organisations within your data scope.`,
  },
  {
    id: 'notices',
    title: 'Notices and messages',
    menus: ['system'],
    body: `**System → Notices** holds announcements written in rich text. A draft is sent to everyone, to chosen organisations or to chosen accounts when it is **published**; a published notice can be **cancelled**.

Recipients see new notices and messages live: the **bell** in the top bar counts them, and **Inbox** lists them with read state. Administrators may also send a direct message to online users.

**Permissions:** writing and publishing takes the Notices menu and its buttons; the Inbox is open to every signed-in account.`,
  },
  {
    id: 'personal',
    title: 'Personal centre',
    menus: ['system'],
    body: `The **personal centre** (account menu, top right) is where you edit your profile and avatar, change your password, draw your signature, bind or unbind a third-party account and confirm a QR sign-in. Your organisation may ask you to change an expiring password at sign-in.

**Permissions:** none beyond signing in — the personal centre, the Inbox, the user guide and the About page are open to every account.`,
  },
  {
    id: 'files',
    title: 'Files',
    menus: ['system'],
    body: `**System → Files** is the file centre: folders, upload (up to 10 MB per file; the type is checked from the content), preview of images, video, audio and PDF, download, rename, and a **public / private** switch. Private files are served only to signed-in accounts of the same organisation.

**Permissions:** the Files menu, with *upload*, *delete* and the other actions as buttons.`,
  },
  {
    id: 'settings',
    title: 'System settings',
    menus: ['system'],
    body: `The rest of the **System** directory configures your organisation:

- **Dictionaries** — the option lists used by forms and tables (status, gender…), with their labels and colours.
- **System information** — name, logo, sign-in page, watermark, idle sign-out, second verification and whether the demo menus are shown.
- **Third-party sign-in**, **third-party users** and **AD domain** — the sign-in providers, the accounts bound to them, and LDAP sign-in.
- **Serial numbers** — named document numbers (prefix, date part, padding, daily/monthly/yearly reset), never skipping or repeating.

**Permissions:** each page is its own menu permission; a tenant administrator's role holds them.`,
  },
  {
    id: 'forms',
    title: 'Forms and print templates',
    menus: ['system'],
    body: `**System → Form designer** builds forms by dragging fields onto a grid (validation rules, dictionary options, default values); each saved version is kept and submissions are listed and exported per form.

**System → Print templates** lays out text, fields, tables, barcodes, QR codes and images on a page; data is bound by field name, previewed, printed from the browser or downloaded as PDF. List pages with a print button print their rows with a chosen template.

**Permissions:** the Form designer and Print templates menus; filling in a published form takes only the page that shows it.`,
  },
  {
    id: 'reports',
    title: 'Reports',
    menus: ['report'],
    body: `The **Reports** directory holds **data sources** (the product's own database, or an external PostgreSQL connection whose password is stored encrypted) and **report configurations** (SQL with parameters or a table and field picker, grouping, charts and tables). A report opens in its own viewer with parameter inputs, export and print.

A report only ever reads: it runs read-only, with a time limit, and on the product's database sees only the rows of your organisation and data scope.

**Permissions:** the data source and configuration menus to build reports; the report viewer to read them.`,
  },
  {
    id: 'approvals',
    title: 'Approvals',
    menus: ['approvalFlow'],
    body: `**Approval → Flow definitions** (administrators) draws an approval flow: its steps, and who approves each one (chosen accounts, the holders of a role, or the leader of the requester's organisation) and the conditions between them. **My requests** lists what you submitted, with its progress, and lets you withdraw a request still pending. **My to-do** lists what waits for your decision: approve or reject, with a comment; every step is kept in the request's history.

**Permissions:** Flow definitions is an administrator's menu; My requests and My to-do are granted to every role of the default organisation.`,
  },
  {
    id: 'logs',
    title: 'Logs',
    menus: ['log'],
    body: `The **Logs** directory keeps: **visit** logs (sign-in and sign-out with browser, system and place), **operation** and **difference** logs (every change with old and new values, hash-chained, with a verify action), **exception** logs (the reference a user sees on an error leads here), **HTTP request** logs and **message** logs. Each list has date presets, a detail view and export; old entries are removed after the retention period (180 days by default).

**Permissions:** one menu per log; clearing a log is a button of its own.`,
  },
  {
    id: 'platform',
    title: 'Platform',
    menus: ['platform'],
    body: `The **Platform** directory runs the whole installation: **tenants** (organisations with their own data, administrators and menus), **menus**, **configuration** parameters, **languages**, **administrative regions**, the **cache**, **server monitoring**, **WeChat Pay**, **plugins** (Fastify plugins loaded from the plugins folder, enabled or disabled; uploading one is allowed in development only) and the **release notes** every account reads on the dashboard. **System API** opens the API documentation inside the shell without a second sign-in; its **API tools** button lists every route, makes an SM2 key pair and encrypts a text for the server.

**Permissions:** platform pages belong to the **super admin** only; they cannot be granted to a tenant's roles.`,
  },
  {
    id: 'jobs',
    title: 'Jobs',
    menus: ['platform'],
    body: `**Platform → Job scheduling** (super admin) schedules background work with **cron**, **interval** or **one-off** triggers, including jobs that call an HTTP address. You can run a job now, pause it, and read its run history; the job dashboard shows the engine live.

**Permissions:** super admin (a platform page).`,
  },
  {
    id: 'develop',
    title: 'Developer tools',
    menus: ['develop'],
    body: `The **Developer tools** directory is for the people who build on the product: **Database** (tables and columns, with a diagram view), the **code generator** (a list page, form and API from a table, previewed before it is written), the **API stress test** (load one of the product's own GET endpoints for a bounded time and watch throughput and latency percentiles live) and the **MQTT tool** (connect to a broker over WebSocket, subscribe, publish, read the message log).

**Permissions:** super admin only.`,
  },
  {
    id: 'ai',
    title: 'AI study assistant',
    menus: ['lintelAI', 'aiconfig'],
    body: `**AI chat** keeps your conversations, lets you pick a model, shows its reasoning when deep thinking is on, accepts images (for vision models) and PDF or text files as context, and renders answers as Markdown with formulas and code.

The study pages solve a problem from text or a photo and check an answer, analyse learning (accuracy, weak points, trends), generate **similar-question practice papers**, and keep the **question bank** and student information within your role's data scope. Tenant administrators set up the models under **AI settings**; without a configured model the pages say so.

**Permissions:** the study pages are granted to the roles of the default organisation; AI settings is an administrator's menu.`,
  },
  {
    id: 'openapi',
    title: 'Open API',
    menus: ['system'],
    body: `**System → Open API access** issues access keys bound to an account: another system signs each request and acts with that account's permissions. The signature is Base64(HMAC-SHA256(secret, \`METHOD&path&accessKey&timestamp&nonce\`)) — the method in capitals, the path without host or query string, the timestamp in Unix seconds — sent with the \`accessKey\`, \`timestamp\`, \`nonce\` and \`sign\` headers. The secret is shown once and can be rotated; requests more than 5 minutes off the server clock, or repeating a nonce, are refused. The signature helper on the same page computes an example, with its curl line.

The **API documentation** (Platform → System API, for administrators holding it) opens inside the shell without a second sign-in.

**Permissions:** the Open API access menu and its buttons (rotating a secret is a button of its own).`,
  },
  {
    id: 'demo',
    title: 'Demos',
    menus: ['demo'],
    body: `The **Demos** directory shows what the product's pages and components can do, on its own data: permission demos (buttons shown by permission code), nested menus, page and component demos, route parameters, charts, a data screen, browser tools, an external link and an embedded page. A tenant hides the whole directory in **System information**.

**Permissions:** the demo menus; a tenant that hides the directory hides it from every role.`,
  },
  {
    id: 'help',
    title: 'Help and About',
    menus: ['doc', 'about'],
    body: `**Help docs** holds this user guide and links to the Fastify and Ant Design documentation; **About** shows the product's version and the libraries it is built on.

**Permissions:** open to every signed-in account.`,
  },
];
