import type { GuideSection } from './guide-types';

/** The user guide in English (the text for every locale without one of its own). */
export const GUIDE_EN: GuideSection[] = [
  {
    id: 'signin',
    title: 'Sign-in and the shell',
    body: `Sign in at **/login** with your account and password (an image captcha, and a slider when your organisation turns on second verification), with a mobile number and SMS code, by scanning a QR code from a signed-in device, or through a third-party provider your organisation set up.

- The **left menu** shows what your roles allow; pages open as **tags** above the content and keep their state while you switch.
- The **gear icon** opens the layout and theme settings (four layouts, colours, tags, breadcrumb, watermark).
- The top bar has the **bell** (notices and messages arrive live), the language switch, full screen, **lock screen** and your account menu (personal centre, sign out).
- Your organisation may sign you out after a period of inactivity; signing out also ends the API documentation login in that browser.`,
  },
  {
    id: 'accounts',
    title: 'Accounts and roles',
    body: `Under **System → Accounts**, administrators add, edit, copy, enable or disable and delete accounts, reset passwords and unlock accounts locked after failed sign-ins. Accounts can be exported (five formats) and imported from the xlsx template.

Under **System → Roles**, a role grants **menus and buttons** (each button is one permission), a **data scope** (all, own organisation and below, own organisation, self, or chosen organisations), an **API blacklist** and a **field blacklist**. Disabling an account or changing its roles takes effect at once.

In the **personal centre** you edit your profile, change your password, bind a third-party account and confirm a QR sign-in.`,
  },
  {
    id: 'orgs',
    title: 'Organisations and positions',
    body: `**System → Organisations** is a tree (company, department, team…). An account belongs to one organisation and may be affiliated to others; the data scope of roles follows this tree. **System → Positions** lists job positions an account can hold. **Online users** shows who is signed in now, lets an administrator send them a message or force them offline.`,
  },
  {
    id: 'notices',
    title: 'Notices and messages',
    body: `**System → Notices** holds announcements written in rich text. A draft is sent to everyone, to chosen organisations or to chosen accounts when it is **published**; a published notice can be **cancelled**.

Recipients see new notices and messages live: the **bell** in the top bar counts them, and **Inbox** lists them with read state. Administrators may also send a direct message to online users.`,
  },
  {
    id: 'files',
    title: 'Files',
    body: `**System → Files** is the file centre: folders, upload (up to 10 MB per file; the type is checked from the content), preview of images, video, audio and PDF, download, rename, and a **public / private** switch. Private files are served only to signed-in accounts of the same organisation.`,
  },
  {
    id: 'logs',
    title: 'Logs',
    body: `The **Logs** directory keeps: **visit** logs (sign-in and sign-out with browser, system and place), **operation** and **difference** logs (every change with old and new values, hash-chained, with a verify action), **exception** logs (the reference a user sees on an error leads here), **HTTP request** logs and **message** logs. Each list has date presets, a detail view and export; old entries are removed after the retention period (180 days by default).`,
  },
  {
    id: 'jobs',
    title: 'Jobs',
    body: `**Platform → Jobs** (super admin) schedules background work with **cron**, **interval** or **one-off** triggers, including jobs that call an HTTP address. You can run a job now, pause it, and read its run history; the job dashboard shows the engine live.`,
  },
  {
    id: 'ai',
    title: 'AI study assistant',
    body: `**AI chat** keeps your conversations, lets you pick a model, shows its reasoning when deep thinking is on, accepts images (for vision models) and PDF or text files as context, and renders answers as Markdown with formulas and code.

The study pages solve a problem from text or a photo and check an answer, analyse learning (accuracy, weak points, trends), generate **similar-question practice papers**, and keep the **question bank** and student information within your role's data scope. Tenant administrators set up the models under **AI settings**; without a configured model the pages say so.`,
  },
  {
    id: 'forms',
    title: 'Forms, print templates and reports',
    body: `**System → Form designer** builds forms by dragging fields onto a grid (validation rules, dictionary options, default values); each saved version is kept and submissions are listed and exported per form.

**System → Print templates** lays out text, fields, tables, barcodes, QR codes and images on a page; data is bound by field name, previewed, printed from the browser or downloaded as PDF.

The **Reports** directory holds data sources and report definitions (SQL with parameters or a table and field picker, grouping, charts and tables); a report opens in its own viewer with parameter inputs, export and print, and only ever reads the rows your organisation may see.`,
  },
  {
    id: 'openapi',
    title: 'Open API',
    body: `**System → Open API access** issues access keys bound to an account: another system signs each request (access key, timestamp, nonce and an HMAC-SHA256 signature over method, path, timestamp and nonce) and acts with that account's permissions. The secret is shown once and can be rotated; requests more than 5 minutes off the server clock, or repeating a nonce, are refused. The signature helper page computes an example.

The **API documentation** (Platform → System API, for administrators holding it) opens inside the shell without a second sign-in.`,
  },
];
